import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/catalog';
import type { ContentProblem } from '../../../shared/content/problems';
import { isListSection, type TokenTextSection } from '../../../shared/content/tokenRules';
import { FormField } from '../../forms/FormField';
import { problemsOf, type SectionForm } from './draftModel';
import { SECTION_LABEL_KEY } from '../admin/sectionLabelKey';
import { useProblemText } from './useProblemText';

/** A sheet section's draft: its text (or its list, one item per line) in each language. */
export function SectionDraftFields({
  idPrefix,
  section,
  form,
  problems,
  onChange,
}: {
  idPrefix: string;
  section: TokenTextSection;
  form: SectionForm;
  problems: readonly ContentProblem[];
  onChange: (form: SectionForm) => void;
}) {
  const { t } = useTranslation(['adminGenerator', 'dictionary', 'tokens']);
  const describe = useProblemText();
  const list = isListSection(section);
  return (
    <div className="admin-languages">
      {LANGUAGES.map((language) => {
        const field = `translations.${language}.${section}`;
        const fieldId = `${idPrefix}-${language}`;
        const error =
          problemsOf(problems, field)
            .map((problem) => describe(problem, field))
            .join(' ') || undefined;
        return (
          <fieldset key={language} className="generator-language">
            <legend className="generator-language__name">
              {t(`dictionary:languageName.${language}`)}
            </legend>
            <FormField
              id={fieldId}
              label={t(`tokens:${SECTION_LABEL_KEY[section]}`)}
              hint={list ? t('review.listHint') : undefined}
              error={error}
            >
              {(description) => (
                <textarea
                  id={fieldId}
                  {...description}
                  lang={language}
                  rows={list ? 8 : 12}
                  className="form-field__control generator-language__text"
                  value={form[language]}
                  onChange={(event) => {
                    onChange({ ...form, [language]: event.target.value });
                  }}
                />
              )}
            </FormField>
          </fieldset>
        );
      })}
    </div>
  );
}
