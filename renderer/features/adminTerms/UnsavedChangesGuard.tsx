import { Modal } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Location } from 'react-router-dom';
import { editorTarget, readAdminTermsState } from './adminTermsUrl';

const targetOf = (location: Location) =>
  editorTarget(readAdminTermsState(new URLSearchParams(location.search)));

/**
 * Asks before unsaved changes are lost: leaving the page, opening another term in the editor,
 * following a link of the preview, or closing the tab. `isDirty` is read at that moment.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: () => boolean }) {
  const { t } = useTranslation('adminTerms');
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        targetOf(currentLocation) !== targetOf(nextLocation)),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [isDirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('editor.leaveTitle')}
      okText={t('editor.leave')}
      cancelText={t('editor.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => {
        blocker.proceed?.();
      }}
      onCancel={() => {
        blocker.reset?.();
      }}
    >
      <p>{t('editor.leaveText')}</p>
    </Modal>
  );
}
