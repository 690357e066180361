import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

// bcrypt as GoTrue stores passwords in auth.users.encrypted_password. Synchronous: called in
// passwordHashWorker.ts's thread (see passwordHashing.ts), except randomPasswordHash, which is
// cheap.

/** GoTrue's cost and `$2a$` prefix (bcryptjs would write `$2b$`, the same algorithm). */
const HASH_PREFIX = '$2a$10$';

const randomSalt = (): string => `${HASH_PREFIX}${bcrypt.encodeBase64(randomBytes(16), 16)}`;

export const hashSync = (password: string): string => bcrypt.hashSync(password, randomSalt());

/** A stored value that is not a bcrypt hash matches no password, as in GoTrue. */
export function matchesSync(password: string, hash: string): boolean {
  try {
    return bcrypt.compareSync(password, hash);
  } catch {
    return false;
  }
}

/**
 * A well-formed hash of a password nobody knows (random salt and digest), as GoTrue stores for a
 * user who never chose one (a sign-up by one-time code, an invited user): no bcrypt to pay.
 */
export const randomPasswordHash = (): string =>
  `${randomSalt()}${bcrypt.encodeBase64(randomBytes(23), 23)}`;
