import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/catalog';
import { TERM_BODY_WORDS, type TermTextInput } from '../../../shared/content/termRules';
import { countWords } from '../../../shared/content/textRules';
import { FormField } from '../../forms/FormField';
import { TEXT_FIELDS } from './termDraft';

/**
 * The four texts of one language. The inputs carry `lang`, so that spell checkers and screen
 * readers use that language; the explanation shows its word count as it is typed.
 */
export function TermTextFields({
  fieldId,
  language,
  text,
  errorOf,
  onChange,
  onBlur,
}: {
  /** The id of a field's control. */
  fieldId: (field: keyof TermTextInput) => string;
  language: Language;
  text: TermTextInput;
  /** The translated problems of a field (`title`…) when they are to be shown. */
  errorOf: (field: keyof TermTextInput) => string | undefined;
  onChange: (field: keyof TermTextInput, value: string) => void;
  onBlur: (field: keyof TermTextInput) => void;
}) {
  const { t } = useTranslation('adminTerms');
  return (
    <fieldset className="admin-terms__language">
      <legend>{t(`editor.language.${language}`)}</legend>
      {TEXT_FIELDS.map((field) => {
        const id = fieldId(field);
        const isBody = field === 'body';
        const countId = `${id}-count`;
        const common = {
          id,
          name: `translations.${language}.${field}`,
          lang: language,
          className: 'form-field__control',
          value: text[field],
          onChange: (event: { target: { value: string } }) => {
            onChange(field, event.target.value);
          },
          onBlur: () => {
            onBlur(field);
          },
        };
        return (
          <FormField
            key={field}
            id={id}
            label={t(`editor.fields.${field}`)}
            hint={isBody ? t('editor.bodyHint', TERM_BODY_WORDS) : undefined}
            error={errorOf(field)}
            describedBy={isBody ? [countId] : []}
            after={
              isBody && (
                <p id={countId} className="form-counter">
                  {t('editor.wordCount', { count: countWords(text.body) })}
                </p>
              )
            }
          >
            {(description) =>
              field === 'title' ? (
                <input type="text" autoComplete="off" {...common} {...description} />
              ) : (
                <textarea
                  rows={isBody ? 10 : field === 'example' ? 4 : 3}
                  {...common}
                  {...description}
                  className={
                    isBody ? 'form-field__control form-field__control--message' : common.className
                  }
                />
              )
            }
          </FormField>
        );
      })}
    </fieldset>
  );
}
