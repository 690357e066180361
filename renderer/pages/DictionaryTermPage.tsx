import '../styles/catalog.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { TermDetail, TermSummary } from '../features/dictionary/api';
import { useTermList, useTerm } from '../features/dictionary/hooks';
import { unlinkSelf } from '../features/dictionary/unlinkSelf';
import { LinkedText } from '../features/glossary/LinkedText';
import { useLinkedTexts } from '../features/glossary/useLinkedTexts';
import { LANGUAGES, type Language } from '../i18n/languages';
import NotFoundPage from './NotFoundPage';
import { LoadedData } from './parts/LoadedData';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

/** The list's query string handed over by the list's links, so "back" keeps the filters. */
function useListSearch(): string {
  const { state } = useLocation() as { state: { listSearch?: unknown } | null };
  return typeof state?.listSearch === 'string' ? state.listSearch : '';
}

function Term({ term, list }: { term: TermDetail; list: TermSummary[] | undefined }) {
  const { t, i18n } = useTranslation('dictionary');
  const language = i18n.language as Language;
  const text = term.texts[language] ?? term.texts.fr;
  const listSearch = useListSearch();
  useDocumentTitle(text?.title ?? term.slug);
  useDocumentDescription(text?.definition);
  const [definition = [], body = [], example = []] = useLinkedTexts([
    text?.definition ?? '',
    text?.body ?? '',
    text?.example ?? '',
  ]).map((segments) => unlinkSelf(segments, term.slug));
  const related = term.relatedSlugs.map((slug) => ({
    slug,
    title: list?.find((entry) => entry.slug === slug)?.titles[language] ?? slug,
  }));
  return (
    <>
      <p className="term-page__back">
        <Link to={`/dictionary${listSearch}`}>{t('backToList')}</Link>
      </p>
      <header className="page-heading">
        <h1 className="page-heading__title">{text?.title}</h1>
        <p className="term-page__category">
          <span className="category-tag">
            {t('categoryLabel', { name: t(`category.${term.category}`) })}
          </span>
        </p>
        <p className="page-heading__intro">
          <LinkedText segments={definition} />
        </p>
      </header>
      <section className="content-section content-section--panel">
        <p className="term-page__body">
          <LinkedText segments={body} />
        </p>
        {text?.example && (
          <aside className="term-page__example" aria-labelledby="term-example">
            <h2 id="term-example">{t('example')}</h2>
            <p>
              <LinkedText segments={example} />
            </p>
          </aside>
        )}
      </section>
      {related.length > 0 && (
        <section className="content-section" aria-labelledby="term-related">
          <h2 id="term-related">{t('related')}</h2>
          <ul className="related-terms">
            {related.map((entry) => (
              <li key={entry.slug}>
                <Link to={`/dictionary/${entry.slug}`} state={{ listSearch }}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="content-section" aria-labelledby="term-languages">
        <h2 id="term-languages">{t('otherLanguages')}</h2>
        <dl className="term-page__languages">
          {LANGUAGES.filter((other) => other !== language).map((other) => (
            <div key={other}>
              <dt>{t(`languageName.${other}`)}</dt>
              <dd lang={other}>{term.texts[other]?.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

export default function DictionaryTermPage() {
  const { slug = '' } = useParams();
  const term = useTerm(slug);
  const list = useTermList();
  if (term.isSuccess && term.data === null) return <NotFoundPage />;
  return (
    <article className="page catalog-page term-page">
      <LoadedData query={term}>
        {(detail) => detail && <Term term={detail} list={list.data} />}
      </LoadedData>
    </article>
  );
}
