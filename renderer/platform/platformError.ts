/** A refusal from the platform (bad argument, storage unavailable...), with a stable code. */
export class PlatformError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'PlatformError';
    this.code = code;
  }
}
