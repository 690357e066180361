import {
  EXTERNAL_LINK_PROTOCOLS,
  MAX_FILE_NAME_LENGTH,
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

/** A bare file name ending in .pdf: no folder, no traversal, no control characters. */
export function checkPdfFileName(name: unknown): Check<string> {
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
    !trimmed.toLowerCase().endsWith('.pdf')
  ) {
    return { ok: false, error: 'invalid-file-name' };
  }
  return { ok: true, value: trimmed };
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
