import { useTranslation } from 'react-i18next';
import { LANGUAGES, TERM_CATEGORIES } from '../../../shared/catalog';
import type { ContentProblem } from '../../../shared/content/problems';
import { TERM_BODY_WORDS } from '../../../shared/content/termRules';
import { countWords } from '../../../shared/content/textRules';
import { FormField } from '../../forms/FormField';
import { problemsOf, TERM_TEXT_FIELDS, type TermForm } from './draftModel';
import { useProblemText } from './useProblemText';

const ROWS = { title: 1, short_definition: 3, body: 12, example: 5 } as const;

/**
 * A term draft's fields: slug, category and related terms, then the four texts of each
 * language side by side, each with the problems the shared rules find in it right now.
 */
export function TermDraftFields({
  idPrefix,
  form,
  problems,
  onChange,
}: {
  idPrefix: string;
  form: TermForm;
  problems: readonly ContentProblem[];
  onChange: (form: TermForm) => void;
}) {
  const { t } = useTranslation(['adminGenerator', 'dictionary']);
  const describe = useProblemText();
  const errorOf = (field: string): string | undefined =>
    problemsOf(problems, field)
      .map((problem) => describe(problem, field))
      .join(' ') || undefined;

  return (
    <>
      <div className="generator-review__common">
        <FormField
          id={`${idPrefix}-slug`}
          label={t('review.slug')}
          hint={t('review.slugHint')}
          error={errorOf('slug')}
        >
          {(description) => (
            <input
              id={`${idPrefix}-slug`}
              {...description}
              className="form-field__control"
              spellCheck={false}
              autoComplete="off"
              value={form.slug}
              onChange={(event) => {
                onChange({ ...form, slug: event.target.value });
              }}
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-category`}
          label={t('review.category')}
          error={errorOf('category')}
        >
          {(description) => (
            <select
              id={`${idPrefix}-category`}
              {...description}
              className="form-field__control"
              value={form.category}
              onChange={(event) => {
                onChange({ ...form, category: event.target.value });
              }}
            >
              {!(TERM_CATEGORIES as readonly string[]).includes(form.category) && (
                <option value={form.category}>{form.category}</option>
              )}
              {TERM_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`dictionary:category.${category}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-related`}
          label={t('review.related')}
          hint={t('review.relatedHint')}
          error={errorOf('related')}
        >
          {(description) => (
            <input
              id={`${idPrefix}-related`}
              {...description}
              className="form-field__control"
              spellCheck={false}
              autoComplete="off"
              value={form.related}
              onChange={(event) => {
                onChange({ ...form, related: event.target.value });
              }}
            />
          )}
        </FormField>
      </div>
      <div className="admin-languages">
        {LANGUAGES.map((language) => {
          const texts = form.translations[language];
          return (
            <fieldset key={language} className="generator-language">
              <legend className="generator-language__name">
                {t(`dictionary:languageName.${language}`)}
              </legend>
              {TERM_TEXT_FIELDS.map((field) => {
                const fieldId = `${idPrefix}-${language}-${field}`;
                const value = texts[field];
                const change = (next: string) => {
                  onChange({
                    ...form,
                    translations: {
                      ...form.translations,
                      [language]: { ...texts, [field]: next },
                    },
                  });
                };
                return (
                  <FormField
                    key={field}
                    id={fieldId}
                    label={t(`review.fields.${field}`)}
                    hint={
                      field === 'body'
                        ? t('review.words', {
                            count: countWords(value),
                            min: TERM_BODY_WORDS.min,
                            max: TERM_BODY_WORDS.max,
                          })
                        : undefined
                    }
                    error={errorOf(`translations.${language}.${field}`)}
                  >
                    {(description) =>
                      field === 'title' ? (
                        <input
                          id={fieldId}
                          {...description}
                          lang={language}
                          className="form-field__control"
                          value={value}
                          onChange={(event) => {
                            change(event.target.value);
                          }}
                        />
                      ) : (
                        <textarea
                          id={fieldId}
                          {...description}
                          lang={language}
                          rows={ROWS[field]}
                          className="form-field__control generator-language__text"
                          value={value}
                          onChange={(event) => {
                            change(event.target.value);
                          }}
                        />
                      )
                    }
                  </FormField>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </>
  );
}
