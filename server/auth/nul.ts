import { validationFailed } from './errors.ts';

// Postgres stores no U+0000 in text, nor `\u0000` in jsonb: a value holding one fails the
// statement (22021, 22P05), which GoTrue, writing whatever JSON it was sent, answers 500. The
// stack refuses such a request before any SQL with 400 validation_failed: for an email address
// with GoTrue's own message (its address format has no control characters), for any other field
// with a message naming it.

const NUL = '\u0000';

/** The message for a NUL in the field (the body's key or query parameter) `name`. */
function nulMessage(name: string): string {
  if (name === 'email' || name === 'new_email') {
    return 'Unable to validate email address: invalid format';
  }
  if (name === 'password') return 'Password cannot contain the NUL character';
  return `${JSON.stringify(name)} cannot contain the NUL character`;
}

/** Does the value, or any key or string inside it, hold a NUL? Walks without recursion. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item as unknown[]) pending.push(inner);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Throws 400 validation_failed when a field of the JSON body holds a NUL anywhere. */
export function refuseNulInBody(body: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(body)) {
    if (name.includes(NUL) || holdsNul(value)) throw validationFailed(nulMessage(name));
  }
}

/** Throws 400 validation_failed when a query parameter's name or value holds a NUL. */
export function refuseNulInQuery(query: URLSearchParams): void {
  for (const [name, value] of query) {
    if (name.includes(NUL) || value.includes(NUL)) throw validationFailed(nulMessage(name));
  }
}
