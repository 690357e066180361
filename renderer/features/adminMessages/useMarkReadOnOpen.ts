import { useEffect, useRef } from 'react';
import type { ContactMessageDetail } from './api';
import type { useMessageActions } from './useMessageActions';

/**
 * Opening a new message marks it read. Only the state the message had when it opened counts:
 * once the admin marks it unread, it stays unread (the effect runs again when the state
 * changes, and React may run it twice).
 */
export function useMarkReadOnOpen(
  message: ContactMessageDetail | null | undefined,
  changeState: ReturnType<typeof useMessageActions>['changeState'],
): void {
  const opened = useRef(new Set<string>());
  const { mutate } = changeState;
  useEffect(() => {
    if (!message || opened.current.has(message.id)) return;
    opened.current.add(message.id);
    if (message.state === 'new') mutate('read');
  }, [message, mutate]);
}
