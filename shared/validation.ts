import {
  EXTERNAL_LINK_PROTOCOLS,
  MAX_FILE_NAME_LENGTH,
  MAX_JSON_EXPORT_BYTES,
  MAX_PDF_BYTES,
  MAX_STORAGE_VALUE_LENGTH,
  MAX_URL_LENGTH,
  STORAGE_KEY_PATTERN,
} from './limits';

/**
 * Argument checks used on both sides of the desktop bridge. The main process runs them on every
 * message, because a compromised renderer can send anything; the renderer runs them to fail early
 * with a clear error.
 */

export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkStorageKey(key: unknown): Check<string> {
  if (typeof key !== 'string' || !STORAGE_KEY_PATTERN.test(key)) {
    return { ok: false, error: 'invalid-storage-key' };
  }
  return { ok: true, value: key };
}

export function checkStorageValue(value: unknown): Check<string> {
  if (typeof value !== 'string' || value.length > MAX_STORAGE_VALUE_LENGTH) {
    return { ok: false, error: 'invalid-storage-value' };
  }
  return { ok: true, value };
}

/** A bare file name with the given extension: no folder, no traversal, no control characters. */
function checkFileName(name: unknown, extension: `.${string}`): Check<string> {
  if (typeof name !== 'string') return { ok: false, error: 'invalid-file-name' };
  const trimmed = name.trim();
  const hasControlCharacter = Array.from({ length: trimmed.length }, (_, index) =>
    trimmed.charCodeAt(index),
  ).some((code) => code < 32 || code === 127);
  if (
    trimmed.length === 0 ||
    trimmed.length > MAX_FILE_NAME_LENGTH ||
    /[/\\:*?"<>|]/.test(trimmed) ||
    hasControlCharacter ||
    trimmed.startsWith('.') ||
    !trimmed.toLowerCase().endsWith(extension)
  ) {
    return { ok: false, error: 'invalid-file-name' };
  }
  return { ok: true, value: trimmed };
}

/** A bare file name ending in .pdf. */
export function checkPdfFileName(name: unknown): Check<string> {
  return checkFileName(name, '.pdf');
}

/** A bare file name ending in .json. */
export function checkJsonFileName(name: unknown): Check<string> {
  return checkFileName(name, '.json');
}

/** Also true for arrays from another realm (an iframe, a test DOM), where instanceof fails. */
function isUint8Array(value: unknown): value is Uint8Array {
  return (
    value instanceof Uint8Array ||
    (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]')
  );
}

/** Bytes of a PDF document: a Uint8Array, not empty, within the limit, with the PDF signature. */
export function checkPdfBytes(bytes: unknown): Check<Uint8Array> {
  if (!isUint8Array(bytes) || bytes.byteLength === 0) {
    return { ok: false, error: 'invalid-pdf-bytes' };
  }
  if (bytes.byteLength > MAX_PDF_BYTES) return { ok: false, error: 'pdf-too-large' };
  const signature = String.fromCharCode(...bytes.subarray(0, 5));
  if (signature !== '%PDF-') return { ok: false, error: 'invalid-pdf-bytes' };
  return { ok: true, value: bytes };
}

/** A JSON document as text: a string within the limit (in UTF-8 bytes) that parses. */
export function checkJsonText(text: unknown): Check<string> {
  if (typeof text !== 'string') return { ok: false, error: 'invalid-json' };
  // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string is refused unencoded.
  if (
    text.length > MAX_JSON_EXPORT_BYTES ||
    new TextEncoder().encode(text).byteLength > MAX_JSON_EXPORT_BYTES
  ) {
    return { ok: false, error: 'json-too-large' };
  }
  try {
    JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid-json' };
  }
  return { ok: true, value: text };
}

/** An absolute http(s) or mailto URL of reasonable length. */
export function checkExternalUrl(url: unknown): Check<string> {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) {
    return { ok: false, error: 'invalid-url' };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, error: 'invalid-url' };
  }
  if (!EXTERNAL_LINK_PROTOCOLS.includes(parsed.protocol)) {
    return { ok: false, error: 'invalid-url' };
  }
  return { ok: true, value: parsed.toString() };
}
