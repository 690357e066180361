import { isIPv4 } from 'node:net';
import type { Service } from '../http/router.ts';
import { send } from '../http/respond.ts';
import { mailService, type Outbox } from './outbox.ts';

// The local mailbox shows every mail's links: whoever reads it can confirm anyone's account or
// reset anyone's password. It is served only when the stack listens on a loopback address,
// which nothing but this machine reaches; listening anywhere else (0.0.0.0, a LAN address), it
// answers 403 and shows nothing, and the stack logs why at start (server/start.ts).

/** Whether an address the stack listens on is reachable from this machine only. */
export function isLoopbackAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  // 127.0.0.0/8, also as an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`).
  const ipv4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  return isIPv4(ipv4) && ipv4.startsWith('127.');
}

export const MAILBOX_REFUSED_MESSAGE =
  'The local mailbox is served only when the stack listens on a loopback address, such as ' +
  'STACK_HOST=127.0.0.1. Set SMTP_URL to deliver the mails when it listens elsewhere.';

/** `/mail` where the mails may not be shown: 403, with none of them. */
export const refusedMailbox: Service = ({ res }) => {
  send(res, 403, JSON.stringify({ message: MAILBOX_REFUSED_MESSAGE }));
  return Promise.resolve();
};

/** `/mail` for a stack listening on this address: the outbox on loopback, else the refusal. */
export function mailboxAt(address: string, outbox: Outbox): Service {
  return isLoopbackAddress(address) ? mailService(outbox) : refusedMailbox;
}
