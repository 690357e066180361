import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import type { ContactMessage } from '../../../shared/contact';
import { platformAtom } from '../../platform/platformAtom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { languageAtom } from '../../settings/languageAtoms';
import { ContactRateLimitError, sendContactMessage } from './api';

/** How a send ended, as the page tells it: the backend's own wording never reaches the screen. */
export type SendOutcome = 'sent' | 'rateLimited' | 'failed';

/**
 * Sends a checked message in the page's language, signed with the user's id when signed in.
 * Resolves with the outcome and never rejects: a missing backend, a network failure or a
 * refusal are all outcomes the form shows.
 */
export function useSendContactMessage(): (message: ContactMessage) => Promise<SendOutcome> {
  const { storage } = useAtomValue(platformAtom);
  const user = useAtomValue(currentUserAtom);
  const locale = useAtomValue(languageAtom);
  const userId = user?.id ?? null;
  return useCallback(
    async (message: ContactMessage) => {
      try {
        const client = await requireSupabase(storage);
        await sendContactMessage(client, message, { locale, userId });
        return 'sent';
      } catch (error) {
        return error instanceof ContactRateLimitError ? 'rateLimited' : 'failed';
      }
    },
    [storage, locale, userId],
  );
}
