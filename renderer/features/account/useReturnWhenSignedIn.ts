import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { showToastAtom } from '../../toasts/toastAtoms';

/**
 * Sends a signed-in person on to `next`, saying they are signed in: whether it happened on the
 * page (password, code) or while it loaded (an emailed link is exchanged before the first
 * render), the page they asked for is where they continue.
 */
export function useReturnWhenSignedIn(next: string): void {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const showToast = useSetAtom(showToastAtom);

  useEffect(() => {
    if (!signedIn) return;
    showToast({ kind: 'success', message: t('signIn.success') });
    void navigate(next, { replace: true });
  }, [signedIn, next, navigate, showToast, t]);
}
