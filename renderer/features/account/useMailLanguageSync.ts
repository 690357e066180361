import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { sessionAtom } from '../../session/sessionAtoms';
import { getSupabase } from '../../session/supabaseClient';
import { languageAtom } from '../../settings/languageAtoms';

/**
 * Keeps `user_metadata.language` equal to the interface language while someone is signed in,
 * so that every mail of the stack (confirmation, reset, address change) arrives in the language
 * they use. A failure is quiet: the next change or sign-in tries again.
 */
export function useMailLanguageSync(): void {
  const session = useAtomValue(sessionAtom);
  const language = useAtomValue(languageAtom);
  const { storage } = useAtomValue(platformAtom);
  const user = session.status === 'ready' ? session.session?.user : undefined;
  const saved: unknown = user?.user_metadata.language;
  const needsSaving = user !== undefined && saved !== language;

  useEffect(() => {
    if (!needsSaving) return;
    void getSupabase(storage)
      .then((client) => client?.auth.updateUser({ data: { language } }))
      .catch(() => undefined);
  }, [needsSaving, language, storage]);
}
