import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { refreshUnreadMessagesAtom } from '../../session/unreadMessagesAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import {
  deleteMessage,
  setMessageState,
  type ContactMessageDetail,
  type MessagesPage,
} from './api';
import type { MessageState } from './messageStates';
import { adminMessagesKeys } from './useAdminMessages';

/**
 * A message's state changes and its deletion. After each, the lists already in memory show the
 * change at once (a return to the list finds the message where it is, or gone), the lists are
 * read again, and so is the header's count of new messages.
 */
export function useMessageActions(id: string) {
  const { storage } = useAtomValue(platformAtom);
  const refreshUnread = useSetAtom(refreshUnreadMessagesAtom);
  const queryClient = useQueryClient();
  const lists = [...adminMessagesKeys.all, 'list'];
  const patchLists = (patch: (page: MessagesPage) => MessagesPage) => {
    queryClient.setQueriesData<MessagesPage>({ queryKey: lists }, (page) => page && patch(page));
  };
  const settle = async () => {
    refreshUnread();
    await queryClient.invalidateQueries({ queryKey: lists });
  };

  const changeState = useMutation({
    mutationFn: async (state: MessageState) => {
      await setMessageState(await requireSupabase(storage), id, state);
    },
    onSuccess: async (_result, state) => {
      queryClient.setQueryData<ContactMessageDetail | null>(adminMessagesKeys.one(id), (old) =>
        old ? { ...old, state } : old,
      );
      patchLists((page) => ({
        ...page,
        messages: page.messages.map((message) =>
          message.id === id ? { ...message, state } : message,
        ),
      }));
      await settle();
    },
  });

  const remove = useMutation({
    mutationFn: async () => {
      await deleteMessage(await requireSupabase(storage), id);
    },
    onSuccess: async () => {
      patchLists((page) => {
        const messages = page.messages.filter((message) => message.id !== id);
        return { messages, total: page.total - (page.messages.length - messages.length) };
      });
      // Not read again while the message is still on screen: it would turn into "no longer
      // exists" under the admin's eyes before the page goes back to the list.
      await queryClient.invalidateQueries({
        queryKey: adminMessagesKeys.one(id),
        refetchType: 'none',
      });
      await settle();
    },
  });

  return { changeState, remove };
}
