/** Where a contact message stands: nobody opened it, an admin read it, it was dealt with. */
export const MESSAGE_STATES = ['new', 'read', 'handled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export function isMessageState(value: unknown): value is MessageState {
  return typeof value === 'string' && (MESSAGE_STATES as readonly string[]).includes(value);
}
