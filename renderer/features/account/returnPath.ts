/**
 * Where to go after signing in: the page that sent the person to /auth (`?next=`), when it is a
 * path of this app. Anything else (another site, `//host`, /auth itself) goes home, so a crafted
 * link cannot send someone elsewhere after they signed in.
 */
export function returnPath(next: string | null): string {
  if (
    next === null ||
    !next.startsWith('/') ||
    next.startsWith('//') ||
    next.includes('\\') ||
    // A tab or line break inside `/\t/host` is dropped by URL parsers, leaving `//host`.
    Array.from(next).some((character) => character < ' ' || character === '\u007f')
  ) {
    return '/';
  }
  const path = next.split(/[?#]/)[0] ?? '/';
  if (path === '/auth' || path === '/reset-password') return '/';
  return next;
}

/** The /auth address that returns to `path` afterwards. */
export function authPathFrom(path: string, mode?: 'signUp'): string {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  if (returnPath(path) !== '/') params.set('next', path);
  const query = params.toString();
  return query === '' ? '/auth' : `/auth?${query}`;
}
