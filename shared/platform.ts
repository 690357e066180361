/**
 * The platform contract: everything the renderer needs from the place it runs in. The web
 * implementation and the desktop one both declare that they satisfy it, so a drift between them
 * is a type error rather than a bug found by a user.
 */

/** Essential key-value storage (session, language, theme, local favorites). */
export interface KeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What became of a request to save a file. `cancelled` means the user closed the dialog. */
export type SaveFileOutcome = { status: 'saved'; location: string } | { status: 'cancelled' };

/** The former name, kept so code written against it still compiles. */
export type SavePdfOutcome = SaveFileOutcome;

export interface Platform {
  readonly kind: 'web' | 'desktop';
  readonly storage: KeyValueStorage;
  /** Saves a generated PDF: a browser download on the web, the native save dialog on desktop. */
  savePdf(fileName: string, bytes: Uint8Array): Promise<SaveFileOutcome>;
  /** Saves a JSON document (the user's data export), the same way as a PDF. */
  saveJson(fileName: string, json: string): Promise<SaveFileOutcome>;
  /** Opens an http(s) or mailto link outside the app: a new tab, or the system browser. */
  openExternal(url: string): Promise<void>;
}
