import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { forgetOfflineCopies } from '../offline/offlineCopies';
import { platformAtom } from '../platform/platformAtom';
import { showToastAtom } from '../toasts/toastAtoms';
import { invalidateAdminStatus } from './adminStatus';
import { getSupabase } from './supabaseClient';

/** Signs out, forgets the reads kept for offline use, says so, and goes home. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const platform = useAtomValue(platformAtom);
  const showToast = useSetAtom(showToastAtom);

  return useCallback(async () => {
    try {
      const client = await getSupabase(platform.storage);
      const result = await client?.auth.signOut();
      if (result?.error) throw result.error;
      invalidateAdminStatus();
      await forgetOfflineCopies();
      showToast({ kind: 'success', message: t('toast.logoutSuccess') });
      await navigate('/');
    } catch {
      showToast({ kind: 'error', message: t('toast.logoutError') });
    }
  }, [navigate, platform, showToast, t]);
}
