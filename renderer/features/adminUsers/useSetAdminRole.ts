import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { refreshAdminStatusAtom } from '../../session/accountAtoms';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { setAdminRole } from './api';
import { adminUsersKeys } from './useAdminUsers';

/**
 * Grants or revokes the admin role, then reads the list again; when the change is the signed-in
 * admin's own, the frame asks the server again whether they are still an admin.
 */
export function useSetAdminRole() {
  const { storage } = useAtomValue(platformAtom);
  const user = useAtomValue(currentUserAtom);
  const refreshAdminStatus = useSetAtom(refreshAdminStatusAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, granted }: { userId: string; granted: boolean }) => {
      await setAdminRole(await requireSupabase(storage), userId, granted);
    },
    onSuccess: async (_result, { userId }) => {
      if (userId === user?.id) refreshAdminStatus();
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
    },
  });
}
