// `Range: bytes=…` on downloads, after RFC 9110, section 14: one range of a known length. What
// cannot be parsed, other units and lists of several ranges are ignored (the whole object is
// served, which the RFC allows); a well-formed range that starts past the end is unsatisfiable.

/** The first and last byte to send, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeRequest = ByteRange | 'whole' | 'unsatisfiable';

const SPEC = /^(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return 'whole';
  const match = /^\s*bytes\s*=\s*([^,]*)$/i.exec(header);
  const spec = match?.[1] === undefined ? undefined : SPEC.exec(match[1].trim());
  const first = spec?.[1];
  const last = spec?.[2];
  if (first === undefined || last === undefined || (first === '' && last === '')) return 'whole';
  if (first === '') {
    // A suffix: the last n bytes (all of them when n exceeds the length).
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return 'whole'; // Invalid, not unsatisfiable: the RFC says to ignore it.
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Whether `If-Range` lets the range apply: absent, or naming the current (strong) ETag or the
 * exact Last-Modified date. Anything else means the client holds another version: send it all.
 */
export function ifRangeMatches(
  ifRange: string | undefined,
  etag: string | undefined,
  lastModified: string,
): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return etag !== undefined && value === etag;
  return value === lastModified;
}
