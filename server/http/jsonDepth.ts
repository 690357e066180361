// How deeply a client's JSON may nest. JSON.parse reads any depth, but what comes after does
// not: JSON.stringify overflows Node's stack near 5,000 levels, a real Postgres refuses about
// 10,000 (54001, which PostgREST and GoTrue answer 500), and PGlite, whose native stack is much
// smaller, is left broken by 6,000. REST, auth and storage refuse a body (or an object's
// metadata) nested deeper than this with their own 400, long before any of those limits and far
// beyond any JSON this product sends.

export const MAX_JSON_DEPTH = 512;

/** Does the parsed JSON value nest deeper than `max` arrays and objects? Walks without recursion. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() ?? [undefined, 0];
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(item) ? (item as unknown[]) : Object.values(item)) {
      pending.push([inner, depth + 1]);
    }
  }
  return false;
}

/**
 * Does text that Postgres will parse itself (a filter's JSON, array or range literal) open more
 * than `max` brackets or braces at once? Brackets inside double quotes do not count.
 */
export function textNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '\\') at += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > max) return true;
    } else if ((char === ']' || char === '}') && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}
