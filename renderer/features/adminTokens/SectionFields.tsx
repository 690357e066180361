import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/catalog';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import {
  IN_DEPTH_RANK,
  isInDepthSection,
  isListSection,
  type TokenTextSection,
} from '../../../shared/content/tokenRules';
import { fieldDomId, type FieldProblem, type SheetField } from './sheetForm';
import { SECTION_LABEL_KEY } from '../admin/sectionLabelKey';
import { textField } from './useSheetForm';
import { useProblemText } from './useProblemText';

/** How tall each kind of text starts: a summary is short, a list a few lines. */
const ROWS: Partial<Record<TokenTextSection, number>> = { quick_summary: 3 };

/**
 * One text section of the sheet in the three languages side by side (one under the other on a
 * phone): a list section is typed one item per line. The section's problems that concern every
 * language (an in-depth section written in some only) show under its title.
 */
export function SectionFields({
  section,
  texts,
  idPrefix,
  shownProblems,
  onChange,
  onLeave,
}: {
  section: TokenTextSection;
  texts: Record<Language, string>;
  idPrefix: string;
  shownProblems: (field: SheetField) => FieldProblem[];
  onChange: (language: Language, section: TokenTextSection, value: string) => void;
  onLeave: (field: SheetField) => void;
}) {
  const { t } = useTranslation(['adminTokens', 'tokens']);
  const problemText = useProblemText();
  const title = t(`tokens:${SECTION_LABEL_KEY[section]}`);
  const titleId = `${idPrefix}-section-${section}`;
  const list = isListSection(section);
  const inDepth = isInDepthSection(section);
  const hintId = `${titleId}-hint`;
  const groupField = `translations.*.${section}`;
  const groupError = problemText(shownProblems(groupField));
  const groupErrorId = fieldDomId(idPrefix, groupField);
  const hint = [
    list ? t('editor.texts.listHint') : null,
    inDepth ? t('editor.texts.inDepth', { rank: IN_DEPTH_RANK }) : null,
  ]
    .filter((text) => text !== null)
    .join(' ');
  return (
    <section className="admin-sheet__section" aria-labelledby={titleId}>
      <h4 id={titleId} className="admin-sheet__section-title">
        {title}
      </h4>
      {hint !== '' && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {groupError !== undefined && (
        <p id={groupErrorId} className="form-field__error">
          {groupError}
        </p>
      )}
      <div className="admin-languages">
        {LANGUAGES.map((language) => {
          const field = textField(language, section);
          const id = fieldDomId(idPrefix, field);
          const error = problemText(shownProblems(field));
          const described = [
            hint !== '' ? hintId : null,
            groupError !== undefined ? groupErrorId : null,
            error !== undefined ? `${id}-error` : null,
          ].filter((entry) => entry !== null);
          return (
            <div
              key={language}
              className={error === undefined ? 'form-field' : 'form-field form-field--invalid'}
            >
              <label htmlFor={id} className="form-field__label">
                <span className="visually-hidden">{title}, </span>
                {LANGUAGE_NAMES[language]}
              </label>
              <textarea
                id={id}
                name={field}
                lang={language}
                className="form-field__control admin-sheet__text"
                rows={ROWS[section] ?? (list ? 4 : 6)}
                value={texts[language]}
                aria-describedby={described.length > 0 ? described.join(' ') : undefined}
                aria-invalid={error !== undefined || groupError !== undefined ? true : undefined}
                onChange={(event) => {
                  onChange(language, section, event.target.value);
                }}
                onBlur={() => {
                  onLeave(field);
                }}
              />
              {error !== undefined && (
                <p id={`${id}-error`} className="form-field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
