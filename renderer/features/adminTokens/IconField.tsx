import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_MAX_BYTES, type IconProblem } from './prepareIcon';
import type { IconChange } from './useSheetWrites';

type Bundled = 'probing' | 'yes' | 'no';

/**
 * Whether Blockademia ships an icon for this id (renderer/public/token-icons): asked of our own
 * files by loading the image, as the pages would. Null while there is no id to ask about.
 */
function useBundledIcon(id: string | null): Bundled | null {
  const [result, setResult] = useState<{ id: string; found: boolean } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (current) setResult({ id, found: true });
    };
    image.onerror = () => {
      if (current) setResult({ id, found: false });
    };
    image.src = `/token-icons/${encodeURIComponent(id)}.svg`;
    return () => {
      current = false;
    };
  }, [id]);
  if (id === null) return null;
  if (result?.id !== id) return 'probing';
  return result.found ? 'yes' : 'no';
}

/**
 * The sheet's icon: the bundled one when Blockademia ships one; otherwise an icon the admin
 * uploads (PNG, or SVG turned into PNG in the browser), sent when the sheet is saved.
 */
export function IconField({
  idPrefix,
  sheetId,
  storedIconUrl,
  change,
  pendingUrl,
  preparing,
  problem,
  onPick,
  onRemove,
  onUndo,
}: {
  idPrefix: string;
  /** The id whose bundled icon to look for; null while no valid id is typed. */
  sheetId: string | null;
  storedIconUrl: string | null;
  change: IconChange;
  /** The picked icon's address in this browser, while it waits to be sent. */
  pendingUrl: string | null;
  preparing: boolean;
  problem: IconProblem | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  onUndo: () => void;
}) {
  const { t } = useTranslation('adminTokens');
  const bundled = useBundledIcon(storedIconUrl === null ? sheetId : null);
  const inputId = `${idPrefix}-icon`;
  const titleId = `${idPrefix}-icon-title`;

  const shown =
    change.kind === 'replace'
      ? { src: pendingUrl, text: t('editor.icon.pending') }
      : change.kind === 'remove'
        ? { src: null, text: t('editor.icon.removing') }
        : storedIconUrl !== null
          ? { src: storedIconUrl, text: t('editor.icon.uploaded') }
          : bundled === 'yes' && sheetId !== null
            ? {
                src: `/token-icons/${encodeURIComponent(sheetId)}.svg`,
                text: t('editor.icon.bundled'),
              }
            : bundled === 'no'
              ? { src: null, text: t('editor.icon.none') }
              : bundled === 'probing'
                ? { src: null, text: t('editor.icon.probing') }
                : { src: null, text: t('editor.icon.idFirst') };
  const canUpload =
    sheetId !== null && (storedIconUrl !== null || change.kind !== 'keep' || bundled === 'no');
  const errorText =
    problem === null
      ? null
      : t(`editor.icon.errors.${problem}`, { max: Math.floor(ICON_MAX_BYTES / 1024) });

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-section__title">
        {t('editor.icon.title')}
      </h3>
      <div className="admin-sheet__icon">
        {shown.src !== null && (
          <img src={shown.src} alt="" width={48} height={48} className="admin-sheet__icon-image" />
        )}
        <p role="status">{preparing ? t('editor.icon.preparing') : shown.text}</p>
      </div>
      {canUpload && (
        <div className={errorText === null ? 'form-field' : 'form-field form-field--invalid'}>
          <label htmlFor={inputId} className="form-field__label">
            {t('editor.icon.choose')}
          </label>
          <p id={`${inputId}-hint`} className="form-field__hint">
            {t('editor.icon.hint')}
          </p>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            className="admin-sheet__file"
            aria-describedby={
              errorText === null ? `${inputId}-hint` : `${inputId}-hint ${inputId}-error`
            }
            aria-invalid={errorText === null ? undefined : true}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so that picking the same file again still counts as a choice.
              event.target.value = '';
              if (file !== undefined) onPick(file);
            }}
          />
          {errorText !== null && (
            <p id={`${inputId}-error`} className="form-field__error">
              {errorText}
            </p>
          )}
        </div>
      )}
      <div className="admin-sheet__icon-actions">
        {change.kind === 'keep' && storedIconUrl !== null && (
          <button type="button" className="button-link" onClick={onRemove}>
            {t('editor.icon.remove')}
          </button>
        )}
        {change.kind !== 'keep' && (
          <button type="button" className="button-link" onClick={onUndo}>
            {t('editor.icon.undo')}
          </button>
        )}
      </div>
    </section>
  );
}
