import { contactEmailFrom } from '../../shared/contactEmail';
/** Where each menu of the frame points. One list per menu, all built from the same links. */
export interface NavLink {
  readonly to: string;
  readonly label:
    | 'nav.home'
    | 'nav.dictionary'
    | 'nav.tokens'
    | 'nav.learning'
    | 'nav.strategies'
    | 'nav.tools'
    | 'nav.faq'
    | 'nav.risks'
    | 'nav.about'
    | 'nav.partners'
    | 'nav.contact'
    | 'footer.legal'
    | 'footer.privacy'
    | 'footer.cookies'
    | 'footer.terms';
}

const link = (to: string, label: NavLink['label']): NavLink => ({ to, label });

export const home = link('/', 'nav.home');
export const dictionary = link('/dictionary', 'nav.dictionary');
export const tokens = link('/tokens', 'nav.tokens');
export const learning = link('/learning', 'nav.learning');
export const strategies = link('/strategies', 'nav.strategies');
export const tools = link('/tools', 'nav.tools');
export const faq = link('/faq', 'nav.faq');
export const risks = link('/risks', 'nav.risks');
export const about = link('/about', 'nav.about');
export const partners = link('/partners', 'nav.partners');
export const contact = link('/contact', 'nav.contact');

export const PRIMARY_LINKS = [home, dictionary, tokens, learning, strategies] as const;
export const RESOURCE_LINKS = [tools, faq, risks] as const;
export const DRAWER_LINKS = [
  ...PRIMARY_LINKS,
  ...RESOURCE_LINKS,
  about,
  partners,
  contact,
] as const;
export const TAB_BAR_LINKS = [home, dictionary, tokens, learning, tools] as const;
/** Suggested on the 404 page. */
export const NOT_FOUND_SUGGESTIONS = [tokens, dictionary, tools, faq] as const;

export const FOOTER_GROUPS = [
  { key: 'navigation', title: 'footer.navigation', links: [dictionary, tokens, tools, faq] },
  { key: 'learn', title: 'footer.learn', links: [learning, strategies, risks, about, partners] },
  {
    key: 'legal',
    title: 'footer.legalContact',
    links: [
      link('/legal', 'footer.legal'),
      link('/privacy', 'footer.privacy'),
      link('/cookies', 'footer.cookies'),
      contact,
    ],
  },
] as const;

/** The address shown in the footer; a deployment sets its own. */
export const CONTACT_EMAIL = contactEmailFrom(import.meta.env.VITE_CONTACT_EMAIL);
