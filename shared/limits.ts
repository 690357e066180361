/** Limits shared by the renderer, the desktop bridge and the main process. */

/** A generated PDF larger than this is refused: our reports are a few pages, never megabytes. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

/** A JSON export (the user's data) larger than this, in UTF-8 bytes, is refused. */
export const MAX_JSON_EXPORT_BYTES = 10 * 1024 * 1024;

/** Longest file name offered to the save dialog (most file systems stop at 255 bytes). */
export const MAX_FILE_NAME_LENGTH = 200;

/** Storage keys are short identifiers; values are small JSON documents (a session is ~4 KB). */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const MAX_STORAGE_VALUE_LENGTH = 1024 * 1024;

/** The only schemes an external link may use. */
export const EXTERNAL_LINK_PROTOCOLS: readonly string[] = ['https:', 'http:', 'mailto:'];
export const MAX_URL_LENGTH = 2048;
