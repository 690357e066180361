import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { ROUTES, type PageKey } from '../renderer/app/routeTable.ts';
import { linkTerms, type TermTitles } from '../renderer/features/glossary/linkTerms.ts';
import { formatDate } from '../renderer/features/market/format.ts';
import { LANGUAGES, type Language } from '../shared/catalog.ts';
import type { Catalogue, CatalogueModule, CatalogueTerm, CatalogueToken } from './catalogue.ts';
import { escapeXml as escapeHtml } from './sitemap.ts';

// What each public page says before its JavaScript runs, in one language: its title, its meta
// description and its text as plain HTML (headings, paragraphs, lists, links), written at build
// from the catalogue (scripts/catalogue.ts: the database's, or content/) and the interface's own
// translations, the same texts the page shows. Crawlers and people without JavaScript read it;
// the app replaces it once it has drawn the page (renderer/app/prerenderedView.ts).

export interface PrerenderedPage {
  /** The path, without the language. */
  path: string;
  title: string;
  description: string;
  /** The page's text as HTML, escaped. */
  main: string;
}

/** The interface's translations of one language, as i18next reads them. */
export function loadTranslations(localesDir: string, language: Language): TFunction {
  const resources = Object.fromEntries(
    readdirSync(path.join(localesDir, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as object,
      ]),
  );
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    resources: { [language]: resources },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const href = (pagePath: string, language: Language) => `${pagePath}?lang=${language}`;
const link = (pagePath: string, language: Language, text: string) =>
  `<a href="${escapeHtml(href(pagePath, language))}">${escapeHtml(text)}</a>`;
const heading = (level: number, text: string) => `<h${level}>${escapeHtml(text)}</h${level}>`;
/**
 * A page's title, and the sentence under it, with the app's own classes (layout/layout.css,
 * loaded with the written page): drawn alike, the written text is as large as the app's, so the
 * largest text a visit paints is already the written page's.
 */
const title = (text: string, intro?: string) =>
  `<header class="page-heading"><h1 class="page-heading__title">${escapeHtml(text)}</h1>` +
  (intro === undefined ? '' : `<p class="page-heading__intro">${escapeHtml(intro)}</p>`) +
  '</header>';
/** A text's paragraphs: a blank line separates two of them. */
const split = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
const paragraphs = (text: string | null | undefined) =>
  split(text)
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('');
/** A label's colon: French sets a narrow no-break space before it. */
const colon = (language: Language) => (language === 'fr' ? '\u202f: ' : ': ');
/** A list entry: a page's link, then what it is about ("Wallet: a tool that…"). */
const entry = (pagePath: string, language: Language, name: string, text: string) =>
  text === ''
    ? link(pagePath, language, name)
    : `${link(pagePath, language, name)}${colon(language)}${escapeHtml(text)}`;
const list = (items: readonly string[]) =>
  items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
/**
 * Paragraphs, or a list, of one section of the catalogue, with the first mention of each
 * dictionary term linked to it, as the app links them (features/glossary/linkTerms.ts).
 */
function linked(
  texts: readonly string[],
  titles: TermTitles,
  language: Language,
  asList = false,
): string {
  const items = linkTerms(texts, titles).map((segments) =>
    segments
      .map((segment) =>
        segment.slug === undefined
          ? escapeHtml(segment.text)
          : link(`/dictionary/${segment.slug}`, language, segment.text),
      )
      .join(''),
  );
  return asList ? list(items) : items.map((item) => `<p>${item}</p>`).join('');
}
const section = (title: string, body: string) =>
  body === '' ? '' : `<section>${heading(2, title)}${body}</section>`;
const subsection = (title: string, body: string) => (body === '' ? '' : heading(3, title) + body);

/** Keys of the interface's texts that are controls, states or messages, not reading. */
const NOT_READING = new Set([
  'action',
  'actions',
  'attribution',
  'errors',
  'externalHint',
  'fields',
  'form',
  'honeypot',
  'license',
  'status',
  'subjects',
  'switcher',
]);
const HEADING_KEYS = ['title', 'name', 'heading', 'question'] as const;

/** A text whose placeholders are all filled: one left means a value the build does not pass. */
function filled(text: string): string {
  if (text.includes('{{')) throw new Error(`A written page would show a placeholder: ${text}`);
  return text;
}

/**
 * A part of a translation file as reading text, in its order: a title-like key as a heading at
 * `level`, other texts as paragraphs, lists of texts as lists, the parts under a heading one
 * level down.
 */
function readingOf(
  value: unknown,
  level: number,
  labels: Readonly<Record<string, string>> = {},
): string {
  if (typeof value === 'string') return paragraphs(filled(value));
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) {
      return list(value.map((item) => escapeHtml(filled(item))));
    }
    return value.map((item) => readingOf(item, level, labels)).join('');
  }
  if (typeof value !== 'object' || value === null) return '';
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([key]) => !NOT_READING.has(key),
  );
  const titleKey = HEADING_KEYS.find(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  );
  // Below a heading, the next level; a part without a title adds none.
  const inner = titleKey === undefined ? level : level + 1;
  const parts = entries.map(([key, item]) => {
    if (key === titleKey) return heading(Math.min(level, 6), item as string);
    // A list named `paragraphs` (the legal pages' sections) is read as paragraphs.
    if (key === 'paragraphs' && Array.isArray(item)) {
      return item.map((paragraph) => readingOf(paragraph, inner, labels)).join('');
    }
    // A part the page names with a label of its own ("Pros", "Real example") under it.
    const label = labels[key];
    if (label !== undefined) {
      return heading(Math.min(inner, 6), label) + readingOf(item, inner + 1, labels);
    }
    return readingOf(item, inner, labels);
  });
  return parts.join('');
}

/**
 * The parts of each text-only page's translation file that make its reading text, and the
 * labels the page sets above some of their parts (keys of the `pages` file), as the app does.
 */
const READING: Partial<
  Record<
    PageKey,
    { namespace: string; keys: readonly string[]; labels?: Readonly<Record<string, string>> }
  >
> = {
  strategies: {
    namespace: 'strategies',
    keys: ['items', 'caseStudies'],
    labels: {
      howItWorks: 'howItWorks',
      pros: 'pros',
      cons: 'cons',
      caseStudies: 'caseStudies',
      profile: 'caseProfile',
      goal: 'caseGoal',
      approach: 'caseApproach',
      lessons: 'caseLessons',
    },
  },
  risks: {
    namespace: 'risks',
    keys: ['items', 'practices'],
    labels: { example: 'example', impact: 'impact', examples: 'examples', practices: 'practices' },
  },
  faq: { namespace: 'faq', keys: ['items'] },
  about: { namespace: 'about', keys: ['mission', 'values', 'offer', 'contact', 'disclaimer'] },
  partners: { namespace: 'partners', keys: ['independence', 'market', 'openSource', 'contribute'] },
  contact: { namespace: 'contact', keys: ['intro'] },
  legal: { namespace: 'legal', keys: ['updated', 'notice'] },
  privacy: { namespace: 'legal', keys: ['updated', 'privacy'] },
  cookies: { namespace: 'legal', keys: ['updated', 'cookies'] },
  terms: { namespace: 'legal', keys: ['updated', 'terms'] },
  tools: { namespace: 'tools', keys: ['simulation'] },
};

/** Pages that speak of money carry the notice, as the app's do. */
const MONEY_PAGES = new Set<PageKey>([
  'home',
  'tokens',
  'tokenDetail',
  'tools',
  'strategies',
  'risks',
]);

function pageOf(pagePath: string): PageKey {
  const route = ROUTES.find(
    (entry) =>
      entry.path === pagePath ||
      (entry.path.includes(':') &&
        pagePath.startsWith(entry.path.slice(0, entry.path.indexOf(':'))) &&
        !pagePath.slice(entry.path.indexOf(':')).includes('/')),
  );
  if (route === undefined) throw new Error(`No route for ${pagePath}.`);
  return route.page;
}

function termPage(
  term: CatalogueTerm,
  language: Language,
  t: TFunction,
  allTitles: TermTitles,
): WrittenPage {
  // A term's page links the other terms it mentions, not itself.
  const titles = allTitles.filter(([slug]) => slug !== term.slug);
  const text = term.translations[language];
  const titleOf = new Map(allTitles);
  const others = LANGUAGES.filter((other) => other !== language);
  const top = title(text.title);
  const main =
    `<p>${escapeHtml(t('dictionary:categoryLabel', { name: t(`dictionary:category.${term.category}`) }))}</p>` +
    `<p><strong>${escapeHtml(text.short_definition)}</strong></p>` +
    linked(split(text.body), titles, language) +
    section(t('dictionary:example'), linked(split(text.example), titles, language)) +
    section(
      t('dictionary:related'),
      list(
        term.related.map((slug) =>
          link(`/dictionary/${slug}`, language, titleOf.get(slug) ?? slug),
        ),
      ),
    ) +
    section(
      t('dictionary:otherLanguages'),
      list(
        others.map(
          (other) =>
            `${escapeHtml(t(`dictionary:languageName.${other}`))}${colon(language)}<span lang="${other}">${escapeHtml(term.translations[other].title)}</span>`,
        ),
      ),
    ) +
    `<p>${link('/dictionary', language, t('dictionary:backToList'))}</p>`;
  return {
    path: `/dictionary/${term.slug}`,
    title: text.title,
    description: text.short_definition,
    top,
    main,
  };
}

function sheetPage(
  token: CatalogueToken,
  language: Language,
  t: TFunction,
  titles: TermTitles,
): WrittenPage {
  const text = token.translations[language];
  // The sheet's useful links, labelled as the app labels them (features/tokens/SheetContent.tsx).
  const links = (
    [
      ['website', 'website'],
      ['whitepaper', 'whitepaper'],
      ['provider', 'providerPage'],
    ] as const
  ).flatMap(([kind, label]) => {
    const url = token.links[kind];
    return url === null
      ? []
      : [`<a href="${escapeHtml(url)}">${escapeHtml(t(`tokens:sheet.${label}`))}</a>`];
  });
  const top = title(`${token.name} (${token.symbol})`);
  const main =
    section(t('tokens:sheet.about'), linked(split(text.about), titles, language)) +
    section(t('tokens:sheet.quickSummary'), linked(split(text.quick_summary), titles, language)) +
    section(t('tokens:sheet.history'), linked(split(text.history), titles, language)) +
    section(t('tokens:sheet.technology'), linked(split(text.technology), titles, language)) +
    section(t('tokens:sheet.useCases'), linked(text.use_cases, titles, language, true)) +
    section(t('tokens:sheet.ecosystem'), linked(split(text.ecosystem), titles, language)) +
    section(t('tokens:sheet.strengths'), linked(text.strengths, titles, language, true)) +
    section(t('tokens:sheet.challenges'), linked(text.challenges, titles, language, true)) +
    section(
      t('tokens:sheet.guide'),
      subsection(t('tokens:sheet.howToBuy'), linked(split(text.how_to_buy), titles, language)) +
        subsection(
          t('tokens:sheet.howToStore'),
          linked(split(text.how_to_store), titles, language),
        ) +
        subsection(
          t('tokens:sheet.commonMistakes'),
          linked(text.common_mistakes, titles, language, true),
        ),
    ) +
    section(t('tokens:sheet.links'), list(links)) +
    (token.last_reviewed === null
      ? ''
      : `<p>${escapeHtml(t('tokens:sheet.lastReviewed', { date: formatDate(token.last_reviewed, language) }))}</p>`) +
    `<p>${link('/tokens', language, t('tokens:sheet.backToList'))}</p>`;
  return {
    path: `/tokens/${token.id}`,
    title: token.name,
    description: text.quick_summary ?? text.about ?? token.name,
    top,
    main,
  };
}

function modulePage(
  module: CatalogueModule,
  language: Language,
  t: TFunction,
  titles: TermTitles,
): WrittenPage {
  const text = module.translations[language];
  const top = title(text.title);
  const main =
    linked(split(text.summary), titles, language) +
    section(
      t('learning:module.stepsTitle'),
      module.steps
        .map(
          (step) =>
            heading(3, step.translations[language].title) +
            linked(split(step.translations[language].body), titles, language),
        )
        .join(''),
    ) +
    `<p>${link('/learning', language, t('learning:module.backToList'))}</p>`;
  return {
    path: `/learning/${module.slug}`,
    title: text.title,
    description: text.summary ?? text.title,
    top,
    main,
  };
}

/** What the interface's texts name with a placeholder: the contact address, the licence. */
export interface TextValues {
  email: string;
  license: string;
}

/** A page's title block, then the rest of its text; the notice goes between the two. */
interface WrittenParts {
  top: string;
  main: string;
}
type WrittenPage = Omit<PrerenderedPage, 'main'> & WrittenParts;

/** A sheet's place in the list by rank; sheets without a rank come last. */
const byRank = (token: CatalogueToken) => token.rank ?? Number.MAX_SAFE_INTEGER;

function listPage(
  page: PageKey,
  content: Catalogue,
  language: Language,
  t: TFunction,
  values: TextValues,
): WrittenParts {
  const top = title(t(`pages:${page}.title`), t(`pages:${page}.intro`));
  switch (page) {
    case 'home':
      return {
        top:
          `<section class="home-hero"><h1 class="home-hero__title">${escapeHtml(t('home:hero.title'))}</h1>` +
          `<p class="home-hero__subtitle">${escapeHtml(t('home:hero.subtitle'))}</p></section>`,
        main:
          section(
            t('home:sections.title'),
            list(
              (['dictionary', 'tokens', 'learning', 'risks'] as const).map((key) =>
                entry(`/${key}`, language, t(`pages:${key}.title`), t(`home:sections.${key}`)),
              ),
            ),
          ) +
          readingOf(
            { title: t('home:steps.title'), items: t('home:steps.items', { returnObjects: true }) },
            2,
          ),
      };
    case 'dictionary':
      return {
        top,
        main: list(
          [...content.terms]
            .sort((a, b) =>
              a.translations[language].title.localeCompare(
                b.translations[language].title,
                language,
              ),
            )
            .map((term) =>
              entry(
                `/dictionary/${term.slug}`,
                language,
                term.translations[language].title,
                term.translations[language].short_definition,
              ),
            ),
        ),
      };
    case 'tokens':
      return {
        top,
        main: list(
          [...content.tokens]
            .sort((a, b) => byRank(a) - byRank(b) || a.id.localeCompare(b.id))
            .map((token) =>
              link(`/tokens/${token.id}`, language, `${token.name} (${token.symbol})`),
            ),
        ),
      };
    case 'learning':
      return {
        top,
        main: list(
          [...content.modules]
            .sort((a, b) => a.position - b.position)
            .map((module) =>
              entry(
                `/learning/${module.slug}`,
                language,
                module.translations[language].title,
                module.translations[language].summary ?? '',
              ),
            ),
        ),
      };
    default: {
      const reading = READING[page];
      if (reading === undefined) return { top, main: '' };
      const labels = Object.fromEntries(
        Object.entries(reading.labels ?? {}).map(([key, label]) => [
          key,
          t(`pages:${page}.${label}`),
        ]),
      );
      // The top-level parts are read as if under the page's title (level 1).
      const parts = Object.fromEntries(
        reading.keys.map((key) => [
          key,
          t(`${reading.namespace}:${key}`, { returnObjects: true, ...values }),
        ]),
      );
      return { top, main: readingOf(parts, 2, labels) };
    }
  }
}

/** Every page of the sitemap, in one language. */
export function prerenderedPages(
  pagePaths: readonly string[],
  content: Catalogue,
  language: Language,
  t: TFunction,
  values: TextValues,
): PrerenderedPage[] {
  const terms = new Map(content.terms.map((term) => [term.slug, term]));
  const tokens = new Map(content.tokens.map((token) => [token.id, token]));
  const modules = new Map(content.modules.map((module) => [module.slug, module]));
  const titles: TermTitles = content.terms.map((term) => [
    term.slug,
    term.translations[language].title,
  ]);
  return pagePaths.map((pagePath) => {
    const page = pageOf(pagePath);
    const slug = pagePath.slice(pagePath.lastIndexOf('/') + 1);
    const notice = MONEY_PAGES.has(page)
      ? `<p class="not-advice" role="note"><strong>${escapeHtml(t('common:notAdvice.title'))}</strong> ${escapeHtml(t('common:notAdvice.text'))}</p>`
      : '';
    let built: WrittenPage;
    const term = terms.get(slug);
    const token = tokens.get(slug);
    const module = modules.get(slug);
    if (page === 'dictionaryTerm' && term !== undefined)
      built = termPage(term, language, t, titles);
    else if (page === 'tokenDetail' && token !== undefined)
      built = sheetPage(token, language, t, titles);
    else if (page === 'learningModule' && module !== undefined)
      built = modulePage(module, language, t, titles);
    else {
      built = {
        path: pagePath,
        title: page === 'home' ? 'Blockademia' : t(`pages:${page}.title`),
        description: page === 'home' ? t('common:brand.description') : t(`pages:${page}.intro`),
        ...listPage(page, content, language, t, values),
      };
    }
    // Under the title, as the money pages of the app show it.
    const { top, main, ...rest } = built;
    return { ...rest, main: top + notice + main };
  });
}
