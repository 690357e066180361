import { join, resolve, sep } from 'node:path';
import { errors } from './errors.ts';

// Bucket ids and object names as they reach the disk: validated so that no name can leave
// `<dataDir>/storage/<bucket>/` (no `..`, `.`, empty or absolute segments, backslashes, NUL or
// other control characters), then resolved and checked against the bucket's folder once more.
// Each segment becomes a file or folder name, so it must also fit the file system: a name the
// disk would refuse (ENAMETOOLONG) is an invalid key, not a failed write.

const BUCKET_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,62}$/;
/** Route words that would make `/object/<word>/...` ambiguous. */
const RESERVED_BUCKETS = new Set(['public', 'sign', 'list', 'info', 'authenticated', 'upload']);
const MAX_KEY_LENGTH = 1024;
/** NAME_MAX of Linux and macOS file systems: the bytes of one file or folder name. */
const MAX_SEGMENT_BYTES = 255;
/** PATH_MAX of Linux, less its terminating NUL: bytes of a whole path handed to the system. */
const MAX_PATH_BYTES = 4095;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f\\]/;

export function checkBucketId(id: unknown): string {
  if (typeof id !== 'string' || !BUCKET_ID.test(id) || RESERVED_BUCKETS.has(id)) {
    throw errors.invalidBucketName(String(id));
  }
  return id;
}

/** The object name, normalised like storage-js does (no leading/trailing or doubled `/`). */
export function checkObjectName(raw: string): string {
  const name = raw.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  const segments = name.split('/');
  if (
    name === '' ||
    name.length > MAX_KEY_LENGTH ||
    FORBIDDEN_CHARS.test(name) ||
    segments.some(
      (segment) =>
        segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES,
    )
  ) {
    throw errors.invalidKey(raw);
  }
  return name;
}

/** Splits a still-encoded path into decoded segments; bad escapes are an invalid key. */
export function decodeSegments(path: string): string[] {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    throw errors.invalidKey(path);
  }
}

export function storageRoot(dataDir: string): string {
  return resolve(dataDir, 'storage');
}

/** The file of an object; throws InvalidKey if it would not lie inside the bucket's folder. */
export function objectFile(dataDir: string, bucket: string, name: string): string {
  const bucketDir = join(storageRoot(dataDir), checkBucketId(bucket));
  const file = resolve(bucketDir, checkObjectName(name));
  if (!file.startsWith(bucketDir + sep) || Buffer.byteLength(file) > MAX_PATH_BYTES) {
    throw errors.invalidKey(name);
  }
  return file;
}

export function bucketDir(dataDir: string, bucket: string): string {
  return join(storageRoot(dataDir), checkBucketId(bucket));
}

/** Temporary files live beside the buckets, in a folder no bucket id can name. */
export function tempDir(dataDir: string): string {
  return join(storageRoot(dataDir), '.tmp');
}
