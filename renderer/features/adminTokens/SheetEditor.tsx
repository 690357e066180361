import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../shared/catalog';
import { TOKEN_ID, TOKEN_TEXT_SECTIONS, type TokenInput } from '../../../shared/content/tokenRules';
import { BackendError } from '../../app/backendError';
import { ActionStatus } from '../../forms/ActionStatus';
import { adminErrorKey } from '../admin/adminErrorKey';
import type { ProviderCoin, StoredSheet } from './api';
import { DeleteSheetDialog } from './DeleteSheetDialog';
import { IconField } from './IconField';
import { IdentityFields, type ProviderCheckState } from './IdentityFields';
import { prepareIcon, type IconProblem } from './prepareIcon';
import { SectionFields } from './SectionFields';
import { SheetPreview } from './SheetPreview';
import {
  emptySheetForm,
  fieldDomId,
  sheetFormOf,
  today,
  tokenInputOf,
  type SheetField,
} from './sheetForm';
import { useProviderCheck } from './useProviderCheck';
import { IDENTITY_FIELDS, textField, useSheetForm, type IdentityKey } from './useSheetForm';
import { useDeleteSheet, useSaveSheet, type IconChange } from './useSheetWrites';

/** The fields in the order the page shows them, to move the focus to the first problem. */
const FIELD_ORDER: readonly SheetField[] = [
  'id',
  'links.provider',
  ...Object.values(IDENTITY_FIELDS).filter((field) => field !== 'id'),
  ...TOKEN_TEXT_SECTIONS.flatMap((section) => [
    `translations.*.${section}`,
    ...LANGUAGES.map((language) => textField(language, section)),
  ]),
];

/** The control that shows a field's problem: a section's first language for its shared ones. */
function controlOf(field: SheetField): SheetField {
  if (field === 'links.provider') return 'id';
  const group = /^translations\.\*\.(\w+)$/.exec(field);
  return group === null ? field : `translations.${LANGUAGES[0]}.${group[1] ?? ''}`;
}

export type SaveOutcome = { id: string; created: boolean; unchecked: boolean };

/**
 * The editor of one sheet, new or stored: identity and links, icon, every text section in the
 * three languages side by side, a preview as the public page shows it, save and delete. The
 * shared rules check every keystroke; the server checks again on save. Whatever fails, the
 * values typed stay as they are.
 */
export function SheetEditor({
  stored,
  providerId = '',
  initialStatus,
  onSaved,
  onDeleted,
}: {
  /** Null for a new sheet. */
  stored: StoredSheet | null;
  /** A new sheet's provider id, already known (the dashboard's list of coins without a sheet). */
  providerId?: string;
  /** A message from the step before (the sheet was just created). */
  initialStatus: string | null;
  onSaved: (outcome: SaveOutcome) => void;
  onDeleted: (name: string) => void;
}) {
  const { t } = useTranslation(['adminTokens', 'admin']);
  const idPrefix = `sheet${useId().replaceAll(':', '')}`;
  const isNew = stored === null;
  const storedIconUrl = stored?.iconUrl ?? null;
  const form = useSheetForm(
    stored === null ? { ...emptySheetForm(today()), id: providerId } : sheetFormOf(stored),
  );
  const { values } = form;
  const id = values.id.trim();
  const [committedId, setCommittedId] = useState<string | null>(stored?.id ?? null);
  const [check, setCheck] = useState<ProviderCheckState>({ phase: 'idle' });
  const [icon, setIcon] = useState<IconChange>({ kind: 'keep' });
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [iconProblem, setIconProblem] = useState<IconProblem | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [status, setStatus] = useState<string | null>(initialStatus);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const provider = useProviderCheck();
  const save = useSaveSheet();
  const remove = useDeleteSheet();

  // The editor replaces the list in the page: the focus goes to its title, read out first.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // The picked icon's address lives as long as it is shown.
  useEffect(
    () => () => {
      if (pendingUrl !== null) URL.revokeObjectURL(pendingUrl);
    },
    [pendingUrl],
  );

  const idRefused =
    isNew && check.phase === 'done' && check.id === id && check.coin.kind === 'notFound';
  const usableId = TOKEN_ID.test(id) && id.length <= 100 ? id : null;

  const errorText = (error: unknown): string => {
    if (error instanceof BackendError && error.code === '22023') return t('editor.errors.invalid');
    if (error instanceof BackendError && error.code === '23505') return t('editor.errors.idTaken');
    return t(`admin:${adminErrorKey(error)}`);
  };

  const focusField = (field: SheetField) => {
    document.getElementById(fieldDomId(idPrefix, controlOf(field)))?.focus();
  };

  const runCheck = async (checkedId: string): Promise<ProviderCoin> => {
    setCheck({ phase: 'checking' });
    try {
      const coin = await provider.mutateAsync(checkedId);
      setCheck({ phase: 'done', id: checkedId, coin });
      setCommittedId(checkedId);
      if (coin.kind === 'found') {
        form.fillEmpty({
          symbol: coin.symbol,
          name: coin.name,
          ...(coin.rank === null ? {} : { rank: String(coin.rank) }),
        });
      }
      return coin;
    } catch (error) {
      setCheck({ phase: 'idle' });
      throw error;
    }
  };

  const onCheck = () => {
    form.touch('id');
    setFailure(null);
    if (usableId === null) {
      setCheck({ phase: 'idle' });
      setFailure(t('editor.check.idFirst'));
      focusField('id');
      return;
    }
    runCheck(usableId).catch((error: unknown) => {
      setFailure(errorText(error));
    });
  };

  const onPick = (file: File) => {
    setIconProblem(null);
    setPreparing(true);
    prepareIcon(file)
      .then((prepared) => {
        if (!prepared.ok) {
          setIconProblem(prepared.problem);
          return;
        }
        setPendingUrl(URL.createObjectURL(prepared.png));
        setIcon({ kind: 'replace', png: prepared.png });
      })
      .catch(() => {
        setIconProblem('unreadable');
      })
      .finally(() => {
        setPreparing(false);
      });
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (save.isPending || check.phase === 'checking') return;
    form.reveal();
    setStatus(null);
    setFailure(null);
    const first = FIELD_ORDER.find((field) => form.problems.has(field));
    if (first !== undefined || idRefused) {
      setFailure(
        first === undefined
          ? t('editor.errors.idUnknown')
          : t('editor.problems', { count: form.problemCount }),
      );
      focusField(first ?? 'id');
      return;
    }
    let unchecked = false;
    if (isNew) {
      const known =
        check.phase === 'done' && check.id === id && check.coin.kind === 'found'
          ? check.coin
          : await runCheck(id).catch((error: unknown) => {
              setFailure(errorText(error));
              return null;
            });
      if (known === null) return;
      if (known.kind === 'notFound') {
        setFailure(t('editor.errors.idUnknown'));
        focusField('id');
        return;
      }
      unchecked = known.kind === 'unavailable';
    }
    // No problem left: the values make a sheet of exactly TokenInput's shape.
    const token = tokenInputOf(values) as unknown as TokenInput;
    save.mutate(
      { originalId: stored?.id ?? null, token, icon, currentIconPath: stored?.iconPath ?? null },
      {
        onSuccess: () => {
          setIcon({ kind: 'keep' });
          setPendingUrl(null);
          if (!isNew) setStatus(t('editor.status.saved'));
          onSaved({ id: token.id, created: isNew, unchecked });
        },
        onError: (error) => {
          setFailure(errorText(error));
        },
      },
    );
  };

  const confirmDelete = () => {
    if (stored === null) return;
    setDeleteError(null);
    remove.mutate(stored.id, {
      onSuccess: () => {
        setDeleting(false);
        onDeleted(stored.name);
      },
      onError: (error) => {
        setDeleteError(errorText(error));
      },
    });
  };

  const busy = save.isPending || check.phase === 'checking';
  return (
    <form
      className="admin-sheet"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <p className="term-page__back admin-sheet__links">
        <Link to="/admin/tokens">{t('editor.back')}</Link>
        {!isNew && (
          <Link to={`/tokens/${encodeURIComponent(stored.id)}`}>{t('editor.publicPage')}</Link>
        )}
      </p>
      <h2 ref={heading} tabIndex={-1} className="admin-section__title">
        {isNew ? t('editor.newTitle') : t('editor.editTitle', { name: stored.name })}
      </h2>
      <IdentityFields
        isNew={isNew}
        values={values}
        idPrefix={idPrefix}
        check={check}
        idRefused={idRefused}
        shownProblems={form.shownProblems}
        onChange={(key: IdentityKey, value: string) => {
          form.setIdentity(key, value);
        }}
        onLeave={(field) => {
          form.touch(field);
          if (field === 'id') setCommittedId(usableId);
        }}
        onCheck={onCheck}
      />
      <IconField
        idPrefix={idPrefix}
        sheetId={isNew ? committedId : stored.id}
        storedIconUrl={storedIconUrl}
        change={icon}
        pendingUrl={pendingUrl}
        preparing={preparing}
        problem={iconProblem}
        onPick={onPick}
        onRemove={() => {
          setIcon({ kind: 'remove' });
        }}
        onUndo={() => {
          setIcon({ kind: 'keep' });
          setPendingUrl(null);
          setIconProblem(null);
        }}
      />
      <section className="admin-section" aria-labelledby={`${idPrefix}-texts`}>
        <h3 id={`${idPrefix}-texts`} className="admin-section__title">
          {t('editor.texts.title')}
        </h3>
        {TOKEN_TEXT_SECTIONS.map((section) => (
          <SectionFields
            key={section}
            section={section}
            texts={{
              fr: values.texts.fr[section],
              en: values.texts.en[section],
              es: values.texts.es[section],
            }}
            idPrefix={idPrefix}
            shownProblems={form.shownProblems}
            onChange={form.setText}
            onLeave={form.touch}
          />
        ))}
      </section>
      <SheetPreview
        idPrefix={idPrefix}
        values={values}
        iconUrl={
          icon.kind === 'replace' ? pendingUrl : icon.kind === 'remove' ? null : storedIconUrl
        }
      />
      <div className="admin-sheet__actions">
        <button type="submit" className="button-link button-link--primary" aria-disabled={busy}>
          {save.isPending
            ? t('admin:actions.saving')
            : isNew
              ? t('editor.create')
              : t('editor.save')}
        </button>
        {!isNew && (
          <button
            type="button"
            className="button-link admin-sheet__danger"
            onClick={() => {
              setDeleteError(null);
              setDeleting(true);
            }}
          >
            {t('editor.delete.button')}
          </button>
        )}
      </div>
      <ActionStatus
        progress={save.isPending ? t('admin:actions.saving') : null}
        success={status === null ? null : <p>{status}</p>}
        failure={failure === null ? null : <p>{failure}</p>}
      />
      {!isNew && (
        <DeleteSheetDialog
          open={deleting}
          name={stored.name}
          busy={remove.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => {
            if (!remove.isPending) setDeleting(false);
          }}
        />
      )}
    </form>
  );
}
