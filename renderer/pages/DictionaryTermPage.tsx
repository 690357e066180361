import '../styles/catalog.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { TermDetail, TermSummary } from '../features/dictionary/api';
import { useTermList, useTerm } from '../features/dictionary/hooks';
import { TermArticle } from '../features/dictionary/TermArticle';
import type { Language } from '../i18n/languages';
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
  return (
    <>
      <p className="term-page__back">
        <Link to={`/dictionary${listSearch}`}>{t('backToList')}</Link>
      </p>
      <TermArticle
        term={term}
        language={language}
        listSearch={listSearch}
        relatedTitle={(slug) =>
          list?.find((entry) => entry.slug === slug)?.titles[language] ?? slug
        }
      />
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
