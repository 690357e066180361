import { useTranslation } from 'react-i18next';
import { useAppUpdate } from './useAppUpdate';
import { useOfflineWithWorker } from './useOfflineWithWorker';
import './appUpdate.css';

/**
 * What the offline worker has to say: a newer build, once it is ready (the person chooses when
 * the page reloads), or, while the device is offline, that the pages shown are the copies kept
 * on it.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const { waiting, accept, dismiss } = useAppUpdate();
  const offline = useOfflineWithWorker();
  return (
    <div className="app-update" role="status">
      {waiting ? (
        <div className="app-update__panel">
          <p className="app-update__message">{t('update.available')}</p>
          <div className="app-update__actions">
            <button type="button" className="app-update__accept" onClick={accept}>
              {t('update.reload')}
            </button>
            <button type="button" className="app-update__later" onClick={dismiss}>
              {t('update.later')}
            </button>
          </div>
        </div>
      ) : (
        offline && (
          <div className="app-update__panel">
            <p className="app-update__message">{t('update.offline')}</p>
          </div>
        )
      )}
    </div>
  );
}
