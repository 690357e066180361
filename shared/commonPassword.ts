import { COMMON_PASSWORDS } from './commonPasswordList.ts';

/**
 * The product's refusal of common passwords, beside the character rule of password.ts: the
 * stack checks it on every password it sets, and the forms load it (a chunk of its own, fetched
 * once the person types a new password) to say so before sending. Its list weighs 40 KB
 * gzipped, which is why password.ts, read on every form, does not import it.
 */

const COMMON = new Set(COMMON_PASSWORDS.split('\n'));

// People meet the character rule by dressing a common password up: a capital letter, then a
// digit or a symbol at an end ("Passw0rd!", "Qwerty1!", "Summer2024!"). Undressed, such a
// password is found in the list, which is all in lower case.
const SYMBOLS_AT_ENDS = /^[!@#$%^&*]+|[!@#$%^&*]+$/g;
const DIGITS_AND_SYMBOLS_AT_ENDS = /^[0-9!@#$%^&*]+|[0-9!@#$%^&*]+$/g;

/**
 * Whether the password is one of the 10,000 most common ones, whatever its letter case and the
 * digits and symbols added at its start or end.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return [
    lower,
    lower.replace(SYMBOLS_AT_ENDS, ''),
    lower.replace(DIGITS_AND_SYMBOLS_AT_ENDS, ''),
  ].some((candidate) => COMMON.has(candidate));
}
