import { useTranslation } from 'react-i18next';
import { useAppUpdate } from './useAppUpdate';
import './appUpdate.css';

/** Offers a newer build once it is ready; the person chooses when the page reloads. */
export function AppUpdatePrompt() {
  const { t } = useTranslation();
  const { waiting, accept, dismiss } = useAppUpdate();
  return (
    <div className="app-update" role="status">
      {waiting && (
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
      )}
    </div>
  );
}
