import '../styles/catalog.css';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryChips } from '../features/dictionary/CategoryChips';
import { countByCategory, filterTerms } from '../features/dictionary/filterTerms';
import { useTermList } from '../features/dictionary/hooks';
import { TermList } from '../features/dictionary/TermList';
import { MAX_QUERY_LENGTH, useTermFilter } from '../features/dictionary/useTermFilter';
import type { TermSummary } from '../features/dictionary/api';
import type { Language } from '../i18n/languages';
import { LoadedData } from './parts/LoadedData';
import { NoticePanel } from './parts/NoticePanel';
import { PageHeading } from './parts/PageHeading';
import { SearchField } from './parts/SearchField';

function Dictionary({ terms }: { terms: TermSummary[] }) {
  const { t, i18n } = useTranslation(['dictionary', 'common']);
  const language = i18n.language as Language;
  const [filter, setFilter] = useTermFilter();
  const query = useDeferredValue(filter.query);
  const matches = useMemo(
    () => filterTerms(terms, { category: filter.category, query }, language),
    [terms, filter.category, query, language],
  );
  const counts = useMemo(() => countByCategory(terms), [terms]);
  return (
    <>
      <SearchField
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={filter.query}
        maxLength={MAX_QUERY_LENGTH}
        onChange={(value) => {
          setFilter({ query: value });
        }}
        count={t('resultCount', { count: matches.length })}
      />
      <CategoryChips
        counts={counts}
        total={terms.length}
        selected={filter.category}
        onSelect={(category) => {
          setFilter({ category });
        }}
      />
      {matches.length === 0 ? (
        <NoticePanel message={t('common:messages.noResults')} hint={t('noResultsHint')} illustrated>
          <button
            type="button"
            className="button-link"
            onClick={() => {
              setFilter({ category: null, query: '' });
            }}
          >
            {t('clearFilters')}
          </button>
        </NoticePanel>
      ) : (
        <TermList matches={matches} language={language} />
      )}
    </>
  );
}

export default function DictionaryPage() {
  const terms = useTermList();
  return (
    <article className="page catalog-page">
      <PageHeading page="dictionary" />
      <LoadedData query={terms}>{(list) => <Dictionary terms={list} />}</LoadedData>
    </article>
  );
}
