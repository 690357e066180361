import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformAtom } from '../platform/platformAtom';
import { passwordRecoveryAtom, SESSION_EVENTS, sessionAtom } from './sessionAtoms';
import { getSupabase } from './supabaseClient';

/** Keeps the session atom in step with supabase-js for the life of the app. */
export function useSessionSync(): void {
  const platform = useAtomValue(platformAtom);
  const setSession = useSetAtom(sessionAtom);
  const setRecovery = useSetAtom(passwordRecoveryAtom);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // A function, because TypeScript cannot see the cleanup below flip the flag mid-await.
    const stillMounted = () => !cancelled;

    getSupabase(platform.storage)
      .then(async (client) => {
        if (!stillMounted()) return;
        if (!client) {
          setSession({ status: 'ready', session: null });
          return;
        }
        const { data } = client.auth.onAuthStateChange((event, session) => {
          if (SESSION_EVENTS.has(event)) setSession({ status: 'ready', session });
          if (event === 'PASSWORD_RECOVERY') setRecovery(true);
          if (event === 'SIGNED_OUT') setRecovery(false);
        });
        unsubscribe = () => {
          data.subscription.unsubscribe();
        };
        const { data: current } = await client.auth.getSession();
        if (stillMounted()) setSession({ status: 'ready', session: current.session });
      })
      .catch(() => {
        // An unreachable or broken backend leaves the visitor signed out, not a broken page.
        if (stillMounted()) setSession({ status: 'ready', session: null });
      });

    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [platform, setSession, setRecovery]);
}
