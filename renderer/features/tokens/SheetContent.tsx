import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { ExternalLink } from '../../platform/ExternalLink';
import { LinkedParagraphs } from '../glossary/LinkedParagraphs';
import { formatDate } from '../market/format';
import { LinkedSection } from '../outline/LinkedSection';
import { OutlinedLayout } from '../outline/OutlinedLayout';
import type { TokenSheet, TokenTexts } from './api';
import { SheetGuideBasics } from './SheetGuideBasics';

type SectionKey =
  | 'about'
  | 'quickSummary'
  | 'history'
  | 'technology'
  | 'useCases'
  | 'ecosystem'
  | 'strengths'
  | 'challenges';

const SECTIONS: readonly SectionKey[] = [
  'about',
  'quickSummary',
  'history',
  'technology',
  'useCases',
  'ecosystem',
  'strengths',
  'challenges',
];

/** A section's texts: paragraphs, or list items for the sections that are lists. */
function sectionTexts(texts: TokenTexts, key: SectionKey): { items: string[]; list: boolean } {
  const value = texts[key];
  if (Array.isArray(value)) return { items: value, list: true };
  return { items: value ? value.split(/\n{2,}/) : [], list: false };
}

function TextSection({
  id,
  title,
  items,
  list,
}: {
  id: string;
  title: string;
  items: string[];
  list: boolean;
}) {
  return (
    <LinkedSection id={id} title={title} className="content-section content-section--panel">
      <LinkedParagraphs texts={items} list={list} />
    </LinkedSection>
  );
}

/**
 * What a sheet says below its market figures: its text sections, the practical guide (the
 * basics true of every token, then this token's own advice), its links and when it was last
 * reviewed. Presentational, so that the admin's sheet editor previews a sheet exactly as its
 * public page shows it. Given the page's head, it lays the page out with an outline of its
 * sections.
 */
export function SheetContent({
  texts,
  addresses,
  lastReviewed,
  language,
  head,
}: {
  texts: TokenTexts | undefined;
  addresses: Pick<TokenSheet, 'websiteUrl' | 'whitepaperUrl' | 'providerUrl'>;
  lastReviewed: string | null;
  language: Language;
  head?: ReactNode;
}) {
  const { t } = useTranslation('tokens');
  // Sections without text get no heading at all.
  const sections = texts
    ? SECTIONS.map((key) => ({ key, ...sectionTexts(texts, key) })).filter(
        (section) => section.items.length > 0,
      )
    : [];
  const guide = texts
    ? (['howToBuy', 'howToStore', 'commonMistakes'] as const)
        .map((key) => ({ key, ...sectionTexts(texts, key as SectionKey) }))
        .filter((section) => section.items.length > 0)
    : [];
  const links = [
    { href: addresses.websiteUrl, label: t('sheet.website') },
    { href: addresses.whitepaperUrl, label: t('sheet.whitepaper') },
    { href: addresses.providerUrl, label: t('sheet.providerPage') },
  ].filter((link): link is { href: string; label: string } => link.href !== null);
  const outline = [
    ...sections.map(({ key }) => ({ id: key, label: t(`sheet.${key}`) })),
    ...(texts ? [{ id: 'guide', label: t('sheet.guide') }] : []),
    ...(links.length > 0 ? [{ id: 'links', label: t('sheet.links') }] : []),
  ];
  const content = (
    <>
      {sections.map(({ key, items, list }) => (
        <TextSection key={key} id={key} title={t(`sheet.${key}`)} items={items} list={list} />
      ))}
      {texts && (
        <LinkedSection id="guide" title={t('sheet.guide')}>
          <div className="content-stack">
            <SheetGuideBasics />
            {guide.map(({ key, items, list }) => (
              <section key={key} className="content-card" aria-labelledby={`${key}-title`}>
                <h3 id={`${key}-title`} className="content-card__title">
                  {t(`sheet.${key}`)}
                </h3>
                <LinkedParagraphs texts={items} list={list} />
              </section>
            ))}
          </div>
        </LinkedSection>
      )}
      {links.length > 0 && (
        <LinkedSection id="links" title={t('sheet.links')}>
          <ul className="token-links">
            {links.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>{' '}
                <span className="token-links__hint">{t('sheet.externalHint')}</span>
              </li>
            ))}
          </ul>
        </LinkedSection>
      )}
      {lastReviewed !== null && (
        <p className="legal-page__updated">
          {t('sheet.lastReviewed', { date: formatDate(lastReviewed, language) })}
        </p>
      )}
    </>
  );
  if (head === undefined) return content;
  return (
    <OutlinedLayout label={t('sheet.contents')} items={outline} head={head}>
      {content}
    </OutlinedLayout>
  );
}
