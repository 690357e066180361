import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { retryUnlessRefused } from '../admin/retryUnlessRefused';
import { fetchMessage, listMessages, type MessageFilter } from './api';

export const adminMessagesKeys = {
  all: ['adminMessages'] as const,
  list: (filter: MessageFilter) => ['adminMessages', 'list', filter] as const,
  one: (id: string) => ['adminMessages', 'one', id] as const,
};

/** One page of the messages list; the page shown stays while the next one loads. */
export function useAdminMessages(filter: MessageFilter) {
  const { storage } = useAtomValue(platformAtom);
  return useQuery({
    queryKey: adminMessagesKeys.list(filter),
    queryFn: async () => listMessages(await requireSupabase(storage), filter),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** One message with its text (null once deleted). */
export function useAdminMessage(id: string) {
  const { storage } = useAtomValue(platformAtom);
  return useQuery({
    queryKey: adminMessagesKeys.one(id),
    queryFn: async () => fetchMessage(await requireSupabase(storage), id),
    retry: retryUnlessRefused,
  });
}
