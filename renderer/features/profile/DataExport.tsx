import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { platformAtom } from '../../platform/platformAtom';
import { useAccountAction } from '../account/useAccountAction';
import { exportMyData } from './api';

/** The export's file name, dated so that successive exports sit side by side. */
export function exportFileName(now: Date): string {
  return `blockademia-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Every row the account owns, as one JSON file saved through the platform: a download on the
 * web, the native save dialog on the desktop.
 */
export function DataExport() {
  const { t } = useTranslation(['profile', 'common']);
  const platform = useAtomValue(platformAtom);
  const action = useAccountAction();
  const [outcome, setOutcome] = useState<{ saved: string } | 'cancelled' | null>(null);
  // The web's "location" is the file's name: the browser chooses the folder.
  const savedText = (location: string) =>
    platform.kind === 'web'
      ? t('export.downloaded', { name: location })
      : t('export.saved', { location });
  const busy = action.state.phase === 'busy';

  return (
    <section className="profile-section form-card" aria-labelledby="profile-export-title">
      <h2 id="profile-export-title" className="profile-section__title">
        {t('export.title')}
      </h2>
      <p className="form-card__intro">{t('export.text')}</p>
      <div className="form-card__actions">
        <button
          type="button"
          className="button-link button-link--primary form-card__submit"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            setOutcome(null);
            void action.run(async (client) => {
              const data = await exportMyData(client);
              const saved = await platform.saveJson(
                exportFileName(new Date()),
                JSON.stringify(data, null, 2),
              );
              setOutcome(saved.status === 'saved' ? { saved: saved.location } : 'cancelled');
            });
          }}
        >
          {busy ? t('export.busy') : t('export.submit')}
        </button>
        <ActionStatus
          progress={busy ? t('export.busy') : null}
          success={
            action.state.phase === 'done' &&
            outcome !== null && (
              <p>
                {outcome === 'cancelled'
                  ? t('export.cancelled')
                  : `${t('common:profileMessages.exportReady')}. ${savedText(outcome.saved)}`}
              </p>
            )
          }
          failure={
            action.state.phase === 'failed' && (
              <>
                <p className="form-status__title">{t('common:profileMessages.exportError')}</p>
                <p>{t('errorHint')}</p>
              </>
            )
          }
        />
      </div>
    </section>
  );
}
