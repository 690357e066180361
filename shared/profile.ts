import * as v from 'valibot';
import { codePointLength } from './contact';

/**
 * The profile's rules, as the database and the storage bucket enforce them
 * (`profiles_full_name_length`, `profiles_bio_length`, the `avatars` bucket's size and types):
 * restated here so the form says what is wrong before a round trip.
 */

export const FULL_NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
/** The `avatars` bucket's `file_size_limit`: 2 MiB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarType = 'image/png' | 'image/jpeg';

/** The image type of a file by its first bytes (its name and declared type are not trusted). */
export function avatarTypeOf(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

export type AvatarProblem = 'format' | 'size';

/** Why a file cannot be a profile picture, or null when it can. */
export function avatarProblem(bytes: Uint8Array): AvatarProblem | null {
  if (avatarTypeOf(bytes) === null) return 'format';
  return bytes.length > AVATAR_MAX_BYTES ? 'size' : null;
}

/** Text of at most `max` characters, counted as the database counts them, once trimmed. */
const atMost = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => codePointLength(text) <= max),
  );

const PROFILE_DETAILS = v.object({
  fullName: atMost(FULL_NAME_MAX_LENGTH),
  bio: atMost(BIO_MAX_LENGTH),
});
const PROFILE_FIELDS = ['fullName', 'bio'] as const;

/** The fields over their limit, in the form's order; empty when the details can be saved. */
export function profileDetailsProblems(details: {
  fullName: string;
  bio: string;
}): (typeof PROFILE_FIELDS)[number][] {
  const result = v.safeParse(PROFILE_DETAILS, details);
  if (result.success) return [];
  const invalid = new Set(result.issues.map((issue) => v.getDotPath(issue)));
  return PROFILE_FIELDS.filter((field) => invalid.has(field));
}
