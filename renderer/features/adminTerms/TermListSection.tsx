import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TERM_CATEGORIES, isTermCategory, type Language } from '../../../shared/catalog';
import { SearchField } from '../../pages/parts/SearchField';
import type { AdminTermRow } from './api';
import type { AdminTermsState } from './adminTermsUrl';
import { listTerms } from './listTerms';
import { TermTable } from './TermTable';

/** The list of terms: search, category filter, "New term" and the sortable table. */
export function TermListSection({
  headingRef,
  rows,
  state,
  onChange,
  searchOf,
}: {
  /** The list's heading, focused when the editor closes. */
  headingRef: Ref<HTMLHeadingElement>;
  rows: readonly AdminTermRow[];
  state: AdminTermsState;
  onChange: (change: Partial<AdminTermsState>) => void;
  /** The query string of the page with these changes (the list's filters kept). */
  searchOf: (change: Partial<AdminTermsState>) => string;
}) {
  const { t, i18n } = useTranslation(['adminTerms', 'dictionary']);
  const language = i18n.language as Language;
  const id = useId();
  // What is typed lives here: an input fed back from the URL would lose the keys typed before
  // the router catches up. Only typing changes `q`, so the URL never needs to be read back.
  const [query, setQuery] = useState(state.query);
  const listed = listTerms(rows, {
    query,
    category: state.category,
    sort: state.sort,
    direction: state.direction,
    language,
    categoryName: (category) =>
      isTermCategory(category) ? t(`dictionary:category.${category}`) : category,
  });
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="admin-terms__list-head">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="admin-section__title">
          {t('list.title')}
        </h2>
        <Link
          to={{ search: searchOf({ edit: null, creating: true }) }}
          className="button-link button-link--primary"
        >
          {t('list.create')}
        </Link>
      </div>
      <div className="admin-terms__filters">
        <SearchField
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          value={query}
          onChange={(typed) => {
            setQuery(typed);
            onChange({ query: typed });
          }}
          count={t('list.resultCount', { count: listed.length })}
          maxLength={200}
        />
        <div className="admin-terms__category">
          <label htmlFor={`${id}-category`} className="form-field__label">
            {t('list.categoryLabel')}
          </label>
          <select
            id={`${id}-category`}
            className="form-field__control"
            value={state.category ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ category: isTermCategory(value) ? value : null });
            }}
          >
            <option value="">{t('list.allCategories')}</option>
            {TERM_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`dictionary:category.${category}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {listed.length === 0 ? (
        <p className="admin-terms__empty">{t('list.empty')}</p>
      ) : (
        <TermTable
          rows={listed}
          language={language}
          sort={state.sort}
          direction={state.direction}
          onSort={(sort, direction) => {
            onChange({ sort, direction });
          }}
          editSearch={(slug) => searchOf({ edit: slug, creating: false })}
        />
      )}
    </section>
  );
}
