import '../styles/catalog.css';
import '../styles/content.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FavoriteStar } from '../features/favorites/FavoriteStar';
import { useFavorites } from '../features/favorites/useFavorites';
import { LinkedParagraphs } from '../features/glossary/LinkedParagraphs';
import { formatDate } from '../features/market/format';
import { useMarketUpdates } from '../features/market/useMarketUpdates';
import { useNow } from '../features/market/useNow';
import type { TokenSheet, TokenTexts } from '../features/tokens/api';
import { useTokenSheet } from '../features/tokens/hooks';
import { MarketPanel } from '../features/tokens/MarketPanel';
import { TokenIcon } from '../features/tokens/TokenIcon';
import type { Language } from '../i18n/languages';
import { ExternalLink } from '../platform/ExternalLink';
import NotFoundPage from './NotFoundPage';
import { LoadedData } from './parts/LoadedData';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

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
    <section
      id={id}
      className="content-section content-section--panel"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <LinkedParagraphs texts={items} list={list} />
    </section>
  );
}

function Sheet({ sheet }: { sheet: TokenSheet }) {
  const { t, i18n } = useTranslation('tokens');
  const language = i18n.language as Language;
  const texts = sheet.texts[language] ?? sheet.texts.fr;
  const favorites = useFavorites();
  const now = useNow();
  useDocumentTitle(sheet.name);
  useDocumentDescription(texts?.quickSummary ?? undefined);
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
    { href: sheet.websiteUrl, label: t('sheet.website') },
    { href: sheet.whitepaperUrl, label: t('sheet.whitepaper') },
    { href: sheet.providerUrl, label: t('sheet.providerPage') },
  ].filter((link): link is { href: string; label: string } => link.href !== null);
  return (
    <>
      <p className="term-page__back">
        <Link to="/tokens">{t('sheet.backToList')}</Link>
      </p>
      <header className="page-heading token-heading">
        <TokenIcon id={sheet.id} size={48} />
        <div className="token-heading__text">
          <h1 className="page-heading__title">{sheet.name}</h1>
          <p className="page-heading__intro">
            {sheet.rank === null
              ? sheet.symbol
              : t('sheet.symbolRank', { symbol: sheet.symbol, rank: sheet.rank })}
          </p>
        </div>
        <FavoriteStar
          id={sheet.id}
          name={sheet.name}
          on={favorites.isFavorite(sheet.id)}
          onToggle={favorites.toggle}
        />
      </header>
      <NotAdviceNotice />
      <MarketPanel market={sheet.market} symbol={sheet.symbol} now={now} />
      <nav className="content-toc" aria-label={t('sheet.contents')}>
        <ul>
          {sections.map(({ key }) => (
            <li key={key}>
              <a href={`#${key}`}>{t(`sheet.${key}`)}</a>
            </li>
          ))}
          {guide.length > 0 && (
            <li>
              <a href="#guide">{t('sheet.guide')}</a>
            </li>
          )}
        </ul>
      </nav>
      {sections.map(({ key, items, list }) => (
        <TextSection key={key} id={key} title={t(`sheet.${key}`)} items={items} list={list} />
      ))}
      {guide.length > 0 && (
        <section id="guide" className="content-section" aria-labelledby="guide-title">
          <h2 id="guide-title">{t('sheet.guide')}</h2>
          <div className="content-stack">
            {guide.map(({ key, items, list }) => (
              <section key={key} className="content-card" aria-labelledby={`${key}-title`}>
                <h3 id={`${key}-title`} className="content-card__title">
                  {t(`sheet.${key}`)}
                </h3>
                <LinkedParagraphs texts={items} list={list} />
              </section>
            ))}
          </div>
        </section>
      )}
      {links.length > 0 && (
        <section className="content-section" aria-labelledby="links-title">
          <h2 id="links-title">{t('sheet.links')}</h2>
          <ul className="token-links">
            {links.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>{' '}
                <span className="token-links__hint">{t('sheet.externalHint')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sheet.lastReviewed !== null && (
        <p className="legal-page__updated">
          {t('sheet.lastReviewed', { date: formatDate(sheet.lastReviewed, language) })}
        </p>
      )}
    </>
  );
}

export default function TokenDetailPage() {
  const { id = '' } = useParams();
  useMarketUpdates();
  const sheet = useTokenSheet(id);
  if (sheet.isSuccess && sheet.data === null) return <NotFoundPage />;
  return (
    <article className="page catalog-page token-page">
      <LoadedData query={sheet}>{(data) => data && <Sheet sheet={data} />}</LoadedData>
    </article>
  );
}
