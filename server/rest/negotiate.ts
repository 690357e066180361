import type { IncomingHttpHeaders } from 'node:http';
import { pgrst } from './errors.ts';
import { EXPOSED_SCHEMA } from './schema.ts';

// Request headers that shape the answer: Prefer, Accept, the schema profiles and Range.

export interface Preferences {
  representation: boolean;
  count: boolean;
  resolution: 'merge' | 'ignore' | undefined;
  /** `missing=default`: keys absent from a row take the column DEFAULT instead of NULL. */
  missingDefault: boolean;
}

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** Prefer values arrive comma-joined (`a, b, c`); unknown ones are ignored (lenient). */
export function preferences(headers: IncomingHttpHeaders): Preferences {
  const items = (one(headers.prefer) ?? '').split(',').map((item) => item.trim().toLowerCase());
  const resolution = items.includes('resolution=merge-duplicates')
    ? 'merge'
    : items.includes('resolution=ignore-duplicates')
      ? 'ignore'
      : undefined;
  return {
    representation: items.includes('return=representation'),
    count: items.some((item) => /^count=(exact|planned|estimated)$/.test(item)),
    resolution,
    missingDefault: items.includes('missing=default'),
  };
}

export const SINGULAR = 'application/vnd.pgrst.object+json';
const ACCEPTED = [
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.array+json',
  SINGULAR,
];

/** 'singular' for `.single()`, 'array' for JSON; anything else is 406 PGRST107. */
export function accept(headers: IncomingHttpHeaders): 'singular' | 'array' {
  const header = one(headers.accept);
  if (header === undefined || header.trim() === '') return 'array';
  const types = header.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  if (types.includes(SINGULAR)) return 'singular';
  if (types.some((type) => ACCEPTED.includes(type))) return 'array';
  throw pgrst(406, 'PGRST107', `None of these media types are available: ${header}`);
}

/** Accept-Profile (reads) / Content-Profile (writes) must name the exposed schema. */
export function checkProfile(headers: IncomingHttpHeaders, read: boolean): void {
  const profile = one(read ? headers['accept-profile'] : headers['content-profile']);
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw pgrst(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    );
  }
}

/** The legacy `Range: 0-9` request header as offset/limit, when given. */
export function rangeHeader(
  headers: IncomingHttpHeaders,
): { offset: number; limit: number | undefined } | undefined {
  const match = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec((one(headers.range) ?? '').trim());
  if (match?.[1] === undefined) return undefined;
  const offset = Number(match[1]);
  const last = match[2] === undefined || match[2] === '' ? undefined : Number(match[2]);
  if (last !== undefined && last < offset) return undefined;
  return { offset, limit: last === undefined ? undefined : last - offset + 1 };
}
