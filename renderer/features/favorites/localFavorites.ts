/** More favorites than sheets exist would be corrupt data, not a visitor's choice. */
const MAX_LOCAL_FAVORITES = 1000;
const TOKEN_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/**
 * The favorites kept on the device, from their stored JSON. Anything unexpected (another app's
 * value, a hand edit) is dropped rather than trusted: the worst case is an empty list.
 */
export function parseLocalFavorites(stored: string | null): string[] {
  if (stored === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === 'string' && TOKEN_ID.test(id));
  return [...new Set(ids)].slice(0, MAX_LOCAL_FAVORITES);
}

export function serializeLocalFavorites(ids: readonly string[]): string {
  return JSON.stringify(ids);
}

/** The list with `id` added at the end, or removed. */
export function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((entry) => entry !== id) : [...ids, id];
}
