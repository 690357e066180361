/**
 * Which reads the service worker keeps for offline use, and under which key. Only public
 * catalogue tables: a person's own rows (favorites, progress, profile, messages) are never
 * written to a cache that outlives their session.
 */
export const CACHED_TABLES: ReadonlySet<string> = new Set([
  'terms',
  'tokens',
  'token_market',
  'market_refresh_status',
  'learning_modules',
]);

/** The `sub` of a bearer token, or null for the anonymous key (no subject) and non-tokens. */
function subjectOf(authorization: string | null): string | null {
  const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The same public read can answer differently for an administrator (drafts) than for a visitor,
 * so each copy is filed under who asked: one signed-out visitor never sees a copy that was made
 * for someone signed in on the same browser.
 */
export function readCacheKey(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.set('_as', subjectOf(request.headers.get('authorization')) ?? 'anon');
  return url.href;
}
