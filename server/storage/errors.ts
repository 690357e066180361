import type { ServerResponse } from 'node:http';

// Storage's error shape: `{ statusCode: "<nominal>", error, message, code }`, sent with
// HTTP 400 for every nominal status below 500 (the storage server's quirk), 500 otherwise.

export class StorageError extends Error {
  /** The nominal status, as a number; the body carries it as a string. */
  readonly statusCode: number;
  readonly error: string;
  readonly code: string;
  /** Overrides the HTTP status (the gateway's 401 for a missing API key). */
  readonly httpStatus?: number;

  constructor(
    statusCode: number,
    error: string,
    code: string,
    message: string,
    httpStatus?: number,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.error = error;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'not_found', 'NoSuchKey', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'Bucket not found', 'NoSuchBucket', 'Bucket not found'),
  accessDenied: (message: string) => new StorageError(403, 'Unauthorized', 'AccessDenied', message),
  duplicate: () =>
    new StorageError(409, 'Duplicate', 'KeyAlreadyExists', 'The resource already exists'),
  tooLarge: () =>
    new StorageError(
      413,
      'Payload too large',
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
    ),
  invalidMime: (type: string) =>
    new StorageError(
      415,
      'invalid_mime_type',
      'InvalidMimeType',
      `mime type ${type} is not supported`,
    ),
  invalidKey: (key: string) =>
    new StorageError(400, 'Invalid Input', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError(
      400,
      'Invalid Input',
      'InvalidBucketName',
      `Bucket name invalid: ${JSON.stringify(name)}`,
    ),
  invalidRequest: (message: string) =>
    new StorageError(400, 'Bad Request', 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'Unauthorized', 'InvalidJWT', message),
  invalidSignature: () =>
    new StorageError(400, 'Unauthorized', 'InvalidSignature', 'The url do not match the signature'),
  bucketNotEmpty: () =>
    new StorageError(
      409,
      'Bucket not empty',
      'InvalidRequest',
      'The bucket you tried to delete is not empty',
    ),
  rangeNotSatisfiable: () =>
    new StorageError(
      416,
      'Range Not Satisfiable',
      'InvalidRange',
      'The requested range is not satisfiable',
      416,
    ),
  notFound: (path: string) =>
    new StorageError(404, 'Not Found', 'InvalidRequest', `Route ${path} not found`),
} as const;

function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

const RLS_PREFIX = 'new row violates row-level security policy';

/** A database error as storage reports it; anything unknown stays a 500. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  switch (sqlState(error)) {
    case '42501':
      return errors.accessDenied(message.startsWith(RLS_PREFIX) ? RLS_PREFIX : message);
    case '23505':
      return errors.duplicate();
    case '23503':
      return new StorageError(409, 'Conflict', 'ResourceReferenced', 'The resource is referenced');
    case '23502':
    case '23514':
      return errors.invalidRequest(message);
    default:
      // Class 22 is a value Postgres refused (a NUL in a text, a number out of range...): the
      // client's, whatever the field.
      if (sqlState(error)?.startsWith('22') === true) return errors.invalidRequest(message);
      return new StorageError(500, 'Internal', 'InternalError', 'Internal Server Error');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  const status = error.httpStatus ?? (error.statusCode >= 500 ? 500 : 400);
  sendJson(res, status, {
    statusCode: String(error.statusCode),
    error: error.error,
    message: error.message,
    code: error.code,
  });
}
