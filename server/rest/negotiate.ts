import type { IncomingHttpHeaders } from 'node:http';
import { pgrst } from './errors.ts';
import { EXPOSED_SCHEMA } from './schema.ts';

// Request headers that shape the answer: Prefer, Accept, the schema profiles and Range.

export interface Preferences {
  representation: boolean;
  /** The `return=` preference as sent, for Preference-Applied. */
  returning: 'representation' | 'minimal' | 'headers-only' | undefined;
  count: boolean;
  /** The `count=` preference as sent (every kind is answered with an exact count). */
  counting: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge' | 'ignore' | undefined;
  /** `missing=default`: keys absent from a row take the column DEFAULT instead of NULL. */
  missingDefault: boolean;
  missing: 'default' | 'null' | undefined;
  /** `tx=rollback`: answer normally, then roll the transaction back. */
  tx: 'commit' | 'rollback' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  /** `max-affected=n`; enforced only with `handling=strict`. */
  maxAffected: number | undefined;
  /** Preferences this server does not know, refused under `handling=strict` (PGRST122). */
  invalid: string[];
}

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** Every `Prefer` value the server honours, apart from `max-affected=<n>`. */
export const KNOWN_PREFERENCES: ReadonlySet<string> = new Set([
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'missing=default',
  'missing=null',
  'tx=commit',
  'tx=rollback',
  'handling=strict',
  'handling=lenient',
  'params=single-object',
]);

/**
 * Prefer values arrive comma-joined (`a, b, c`). As in PostgREST, the first value given for a
 * preference wins, and unknown ones are ignored unless `handling=strict` (checkStrict).
 */
export function preferences(headers: IncomingHttpHeaders): Preferences {
  const items = (one(headers.prefer) ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
  const first = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    for (const item of items) {
      const value = item.startsWith(`${name}=`) ? item.slice(name.length + 1) : undefined;
      if (value !== undefined && (values as readonly string[]).includes(value)) return value as T;
    }
    return undefined;
  };
  const returning = first('return', ['representation', 'minimal', 'headers-only'] as const);
  const counting = first('count', ['exact', 'planned', 'estimated'] as const);
  const resolution = first('resolution', ['merge-duplicates', 'ignore-duplicates'] as const);
  const missing = first('missing', ['default', 'null'] as const);
  // PostgREST reads the first `max-affected=` as a 64-bit integer; anything else is ignored.
  const maxText = items.find((item) => item.startsWith('max-affected='))?.slice(13) ?? '';
  const maxAffected = /^-?\d{1,15}$/.test(maxText) ? Number(maxText) : undefined;
  return {
    representation: returning === 'representation',
    returning,
    count: counting !== undefined,
    counting,
    resolution:
      resolution === undefined ? undefined : resolution === 'merge-duplicates' ? 'merge' : 'ignore',
    missingDefault: missing === 'default',
    missing,
    tx: first('tx', ['commit', 'rollback'] as const),
    handling: first('handling', ['strict', 'lenient'] as const),
    maxAffected,
    invalid: items.filter(
      (item) => !KNOWN_PREFERENCES.has(item) && !item.startsWith('max-affected='),
    ),
  };
}

/** `handling=strict` refuses any preference the server does not understand (PGRST122). */
export function checkStrict(prefer: Preferences): void {
  if (prefer.handling !== 'strict' || prefer.invalid.length === 0) return;
  throw pgrst(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefer.invalid.join(', ')}`,
  );
}

/** Whether `max-affected` is in force: only together with `handling=strict`. */
export const maxAffected = (prefer: Preferences): number | undefined =>
  prefer.handling === 'strict' ? prefer.maxAffected : undefined;

export type Operation = 'read' | 'insert' | 'update' | 'delete' | 'rpc';

/**
 * The Preference-Applied header: the preferences this kind of request honoured, in PostgREST's
 * order (Response.hs). `resolution` counts only when the insert has a conflict target; `missing`
 * only on inserts (this server does not apply it to PATCH); `max-affected` only under strict.
 */
export function appliedPreferences(
  prefer: Preferences,
  operation: Operation,
  hasConflictTarget: boolean,
): string | undefined {
  const write = operation === 'insert' || operation === 'update' || operation === 'delete';
  const limited = operation === 'update' || operation === 'delete' || operation === 'rpc';
  const max = maxAffected(prefer);
  const values = [
    operation === 'insert' && hasConflictTarget && prefer.resolution !== undefined
      ? `resolution=${prefer.resolution === 'merge' ? 'merge-duplicates' : 'ignore-duplicates'}`
      : undefined,
    operation === 'insert' && prefer.missing !== undefined
      ? `missing=${prefer.missing}`
      : undefined,
    write && prefer.returning !== undefined ? `return=${prefer.returning}` : undefined,
    prefer.counting === undefined ? undefined : `count=${prefer.counting}`,
    prefer.tx === undefined ? undefined : `tx=${prefer.tx}`,
    prefer.handling === undefined ? undefined : `handling=${prefer.handling}`,
    limited && max !== undefined ? `max-affected=${max}` : undefined,
  ].filter((value) => value !== undefined);
  return values.length === 0 ? undefined : values.join(', ');
}

export const SINGULAR = 'application/vnd.pgrst.object+json';
export const OPENAPI = 'application/openapi+json';
export const CSV = 'text/csv';

/** What a response body can be: a JSON array, one object, CSV, or the OpenAPI document. */
export type Media = 'json' | 'singular' | 'csv' | 'openapi';

const MEDIA: Record<string, Media | 'any'> = {
  '*/*': 'any',
  'application/*': 'any',
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  [SINGULAR]: 'singular',
  [CSV]: 'csv',
  [OPENAPI]: 'openapi',
};

/**
 * The media type to answer with: the Accept entries in order of quality (q=0 excluded), the
 * first one this endpoint offers wins. `offered[0]` answers `*` and a missing header; at the
 * root, plain JSON means the OpenAPI document. Nothing offered is 406 PGRST107.
 */
export function accept(headers: IncomingHttpHeaders, offered: readonly Media[]): Media {
  const header = one(headers.accept);
  const fallback = offered[0] ?? 'json';
  if (header === undefined || header.trim() === '') return fallback;
  const entries = header.split(',').map((part, index) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { type, quality: Number.isFinite(quality) ? quality : 0, index };
  });
  entries.sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { type, quality } of entries) {
    if (quality <= 0) continue;
    const media = MEDIA[type];
    if (media === 'any') return fallback;
    if (media === 'json' && fallback === 'openapi') return 'openapi';
    if (media !== undefined && offered.includes(media)) return media;
  }
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

/** Network.HTTP.Base.urlEncode over UTF-8: letters, digits and `-_.~` stay, the rest is %XX. */
function urlEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * PostgREST's canonical query string (qsCanonical), used in Content-Location: parameters sorted
 * by name (stably), each name once with its values comma-joined, everything URL-encoded. The
 * `apikey` parameter is a credential and is left out.
 */
export function canonicalQuery(params: URLSearchParams): string {
  const names: string[] = [];
  const values = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (name === 'apikey') continue;
    const list = values.get(name);
    if (list === undefined) {
      names.push(name);
      values.set(name, [value]);
    } else list.push(value);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names
    .map((name) => `${urlEncode(name)}=${(values.get(name) ?? []).map(urlEncode).join(',')}`)
    .join('&');
}
