import { errors } from './errors.ts';

// The type of an upload is taken from its bytes (magic numbers), never from its name or the
// declared content-type alone: a bucket's allowed_mime_types is checked against what the file
// really is. Hosted Storage checks the declared type; this is a deliberate hardening (see
// docs/local-stack.md#deliberate-differences-from-hosted-supabase).

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => Array.from(Buffer.from(text, 'latin1'));

/** The image types recognised from their first bytes. */
export function sniffImageType(bytes: Buffer): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

const SNIFFED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

/** A content-type without parameters, lower-cased: `Text/Plain; charset=x` -> `text/plain`. */
export function essence(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' ? undefined : type;
}

/**
 * The type stored for an upload: the sniffed image type when the bytes are an image; when the
 * declaration claims an image type the bytes do not have, what the bytes look like instead;
 * otherwise the declared type (or application/octet-stream).
 */
export function effectiveType(bytes: Buffer, declared: string | undefined): string {
  const sniffed = sniffImageType(bytes);
  if (sniffed !== undefined) return sniffed;
  const claimed = essence(declared);
  if (claimed === undefined || SNIFFED.has(claimed) || !/^[\w.+-]+\/[\w.+-]+$/.test(claimed)) {
    return looksLikeText(bytes) ? 'text/plain' : 'application/octet-stream';
  }
  return claimed;
}

/** Throws InvalidMimeType unless type matches one of allowed (`image/*` wildcards allowed). */
export function checkMimeType(type: string, allowed: readonly string[] | null): void {
  if (allowed === null || allowed.length === 0) return;
  const [major] = type.split('/');
  const ok = allowed.some((entry) => {
    const pattern = entry.trim().toLowerCase();
    return pattern === type || (pattern.endsWith('/*') && pattern === `${major}/*`);
  });
  if (!ok) throw errors.invalidMime(type);
}

const UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };

/** A bucket's file_size_limit: bytes as a number, or `"1MB"`-style decimal units. */
export function parseFileSize(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?B)\s*$/i.exec(value);
    const unit = match?.[2] === undefined ? undefined : UNITS[match[2].toUpperCase()];
    if (match?.[1] !== undefined && unit !== undefined) return Math.round(Number(match[1]) * unit);
  }
  throw errors.invalidRequest(`Invalid file size limit: ${JSON.stringify(value)}`);
}
