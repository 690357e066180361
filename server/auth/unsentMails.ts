import { createHmac, randomBytes } from 'node:crypto';

// The mail frequency tells accounts apart: asked twice within the interval, a mail that went out
// answers 429 the second time, while a request that sent nothing (no such account, nothing to
// confirm) would answer 200 again. So the requests that send nothing are remembered here, for one
// interval, and their repeats get the same 429 (see answerWithoutMail in mails.ts).
//
// Addresses are kept as keyed hashes (HMAC-SHA-256, with a key drawn at start and never stored),
// in memory only, and at most `capacity` of them: past that the oldest is forgotten first, so
// memory stays bounded whatever a caller sends. Forgetting early costs only a 200 where a 429
// was due; the per-IP budget of mail-sending calls bounds how fast anyone can push entries out.

export interface UnsentMails {
  /** When a mail of this slot was last asked for this address and not sent, within the interval. */
  lastAsked(slot: string, address: string): Date | null;
  /** Remembers that a mail of this slot was asked for this address now, and not sent. */
  remember(slot: string, address: string): void;
}

export const UNSENT_MAILS_CAPACITY = 10_000;

export function createUnsentMails(
  now: () => Date,
  intervalSeconds: number,
  capacity = UNSENT_MAILS_CAPACITY,
): UnsentMails {
  const key = randomBytes(32);
  // Insertion order is time order (an entry asked again moves to the end): the oldest come first.
  const askedAt = new Map<string, number>();
  const hash = (slot: string, address: string): string =>
    createHmac('sha256', key).update(`${slot}\n${address}`).digest('base64url');
  const expired = (time: number): boolean => now().getTime() - time >= intervalSeconds * 1000;

  return {
    lastAsked(slot, address) {
      const time = askedAt.get(hash(slot, address));
      return time === undefined || expired(time) ? null : new Date(time);
    },
    remember(slot, address) {
      for (const [entry, time] of askedAt) {
        if (!expired(time) && askedAt.size < capacity) break;
        askedAt.delete(entry);
      }
      const entry = hash(slot, address);
      askedAt.delete(entry);
      askedAt.set(entry, now().getTime());
    },
  };
}
