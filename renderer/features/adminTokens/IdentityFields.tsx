import { useTranslation } from 'react-i18next';
import { IN_DEPTH_RANK, providerPage, TOKEN_ID } from '../../../shared/content/tokenRules';
import { FormField } from '../../forms/FormField';
import type { ProviderCoin } from './api';
import { fieldDomId, type FieldProblem, type SheetField, type SheetFormValues } from './sheetForm';
import { IDENTITY_FIELDS, type IdentityKey } from './useSheetForm';
import { useProblemText } from './useProblemText';

/** The provider check of a new sheet's id: idle, running, or what the provider said of an id. */
export type ProviderCheckState =
  { phase: 'idle' } | { phase: 'checking' } | { phase: 'done'; id: string; coin: ProviderCoin };

const INPUTS: {
  key: Exclude<IdentityKey, 'id'>;
  type: 'text' | 'url' | 'date';
  hint?: 'symbolHint' | 'rankHint' | 'urlHint';
  numeric?: boolean;
}[] = [
  { key: 'symbol', type: 'text', hint: 'symbolHint' },
  { key: 'name', type: 'text' },
  { key: 'rank', type: 'text', hint: 'rankHint', numeric: true },
  { key: 'website', type: 'url', hint: 'urlHint' },
  { key: 'whitepaper', type: 'url', hint: 'urlHint' },
  { key: 'lastReviewed', type: 'date' },
];

/** What the provider check says, in the admin's language. */
function useCheckMessage(check: ProviderCheckState): string | null {
  const { t } = useTranslation('adminTokens');
  if (check.phase === 'idle') return null;
  if (check.phase === 'checking') return t('editor.check.checking');
  const { coin } = check;
  if (coin.kind === 'notFound') return t('editor.check.notFound');
  if (coin.kind === 'unavailable') return t('editor.check.unavailable');
  return coin.rank === null
    ? t('editor.check.found', { name: coin.name, symbol: coin.symbol })
    : t('editor.check.foundRank', { name: coin.name, symbol: coin.symbol, rank: coin.rank });
}

/**
 * The sheet's id, symbol, name, rank, links and review date. A new sheet's id can be checked at
 * the provider, which fills the fields still empty; an existing sheet's id is shown, not edited.
 */
export function IdentityFields({
  isNew,
  values,
  idPrefix,
  check,
  idRefused,
  shownProblems,
  onChange,
  onLeave,
  onCheck,
}: {
  isNew: boolean;
  values: SheetFormValues;
  idPrefix: string;
  check: ProviderCheckState;
  /** The provider's answer refuses the id typed (it does not know it). */
  idRefused: boolean;
  shownProblems: (field: SheetField) => FieldProblem[];
  onChange: (key: IdentityKey, value: string) => void;
  onLeave: (field: SheetField) => void;
  onCheck: () => void;
}) {
  const { t } = useTranslation('adminTokens');
  const problemText = useProblemText();
  const checkMessage = useCheckMessage(check);
  const idId = fieldDomId(idPrefix, 'id');
  const idError =
    problemText(shownProblems('id')) ?? (idRefused ? t('editor.check.notFound') : undefined);
  const id = values.id.trim();
  const idUsable = TOKEN_ID.test(id) && id.length <= 100;

  return (
    <section className="admin-section" aria-labelledby={`${idPrefix}-identity`}>
      <h3 id={`${idPrefix}-identity`} className="admin-section__title">
        {t('editor.identity')}
      </h3>
      <p className="form-card__required">{t('editor.required')}</p>
      <div className="admin-sheet__grid">
        <div className="admin-sheet__id">
          <FormField
            id={idId}
            label={t('editor.fields.id')}
            hint={isNew ? t('editor.fields.idHint') : t('editor.fields.idFixed')}
            error={isNew ? idError : undefined}
            describedBy={isNew ? [`${idId}-check`] : []}
          >
            {(description) => (
              <input
                {...description}
                id={idId}
                name="id"
                type="text"
                className="form-field__control"
                value={values.id}
                readOnly={!isNew}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                onChange={(event) => {
                  onChange('id', event.target.value);
                }}
                onBlur={() => {
                  onLeave('id');
                }}
              />
            )}
          </FormField>
          {isNew && (
            <>
              <button
                type="button"
                className="button-link"
                aria-disabled={check.phase === 'checking'}
                onClick={() => {
                  if (check.phase !== 'checking') onCheck();
                }}
              >
                {t('editor.check.button')}
              </button>
              <p id={`${idId}-check`} role="status" className="admin-sheet__check">
                {checkMessage}
              </p>
            </>
          )}
        </div>
        {INPUTS.map(({ key, type, hint, numeric }) => {
          const field = IDENTITY_FIELDS[key];
          const inputId = fieldDomId(idPrefix, field);
          return (
            <FormField
              key={key}
              id={inputId}
              label={t(`editor.fields.${key}`)}
              hint={
                hint === undefined ? undefined : t(`editor.fields.${hint}`, { rank: IN_DEPTH_RANK })
              }
              error={problemText(shownProblems(field))}
            >
              {(description) => (
                <input
                  {...description}
                  id={inputId}
                  name={field}
                  type={type}
                  inputMode={numeric ? 'numeric' : undefined}
                  className="form-field__control"
                  value={values[key]}
                  autoComplete="off"
                  spellCheck={key === 'name'}
                  onChange={(event) => {
                    onChange(key, event.target.value);
                  }}
                  onBlur={() => {
                    onLeave(field);
                  }}
                />
              )}
            </FormField>
          );
        })}
        <div className="form-field">
          <p className="form-field__label">{t('editor.fields.provider')}</p>
          <p className="form-field__hint">{t('editor.fields.providerHint')}</p>
          <p className="admin-sheet__provider">{idUsable ? providerPage(id) : '—'}</p>
        </div>
      </div>
    </section>
  );
}
