import '../../styles/catalog.css';
import '../../styles/content.css';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isTermCategory, type Language } from '../../../shared/catalog';
import type { TermDetail } from '../dictionary/api';
import { TermArticle } from '../dictionary/TermArticle';
import type { TermDraft } from './termDraft';

/** The draft as the public page reads a saved term. */
function asDetail(draft: TermDraft, category: TermDetail['category']): TermDetail {
  return {
    slug: draft.slug,
    category,
    relatedSlugs: draft.related,
    texts: Object.fromEntries(
      LANGUAGES.map((language) => {
        const text = draft.translations[language];
        return [
          language,
          {
            title: text.title,
            definition: text.short_definition,
            body: text.body,
            example: text.example === '' ? null : text.example,
          },
        ];
      }),
    ),
  };
}

/**
 * The draft rendered by the dictionary page's own component, in the language chosen here, saved
 * or not. Shown on demand; loading another language's dictionary texts waits inside it, so the
 * editor around it never unmounts.
 */
export function TermPreview({
  draft,
  relatedTitle,
}: {
  draft: TermDraft;
  relatedTitle: (slug: string, language: Language) => string;
}) {
  const { t, i18n } = useTranslation(['adminTerms', 'common']);
  const id = useId();
  const [shown, setShown] = useState(false);
  const [language, setLanguage] = useState<Language>(i18n.language as Language);
  const category = draft.category;
  return (
    <section className="admin-section admin-terms__preview-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-section__title">
        {t('preview.title')}
      </h3>
      <button
        type="button"
        className="button-link"
        aria-expanded={shown}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setShown(!shown);
        }}
      >
        {shown ? t('preview.hide') : t('preview.show')}
      </button>
      <div id={`${id}-panel`} hidden={!shown}>
        {shown && (
          <>
            <p className="form-field__hint">{t('preview.intro')}</p>
            <fieldset className="admin-terms__preview-languages">
              <legend>{t('preview.language')}</legend>
              {LANGUAGES.map((option) => (
                <label key={option} className="admin-terms__preview-language">
                  <input
                    type="radio"
                    name={`${id}-language`}
                    value={option}
                    checked={language === option}
                    onChange={() => {
                      setLanguage(option);
                    }}
                  />
                  {t(`editor.language.${option}`)}
                </label>
              ))}
            </fieldset>
            {isTermCategory(category) ? (
              <div className="catalog-page term-page admin-terms__preview" lang={language}>
                <Suspense
                  fallback={
                    <p className="data-loading" role="status">
                      {t('common:data.loading')}
                    </p>
                  }
                >
                  <TermArticle
                    term={asDetail(draft, category)}
                    language={language}
                    level={4}
                    relatedTitle={(slug) => relatedTitle(slug, language)}
                  />
                </Suspense>
              </div>
            ) : (
              <p className="form-field__hint">{t('preview.needsCategory')}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
