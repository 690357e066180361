import type { Queryable } from '../db/database.ts';
import { errors } from './errors.ts';

// The rows of storage.buckets and storage.objects as the handlers use them.

export interface StorageOptions {
  db: import('../db/database.ts').Database;
  jwtSecret: string;
  /** Object bytes live under `<dataDir>/storage/<bucket>/<name>`. */
  dataDir: string;
  /** The global object size limit in bytes (the CLI's default 50 MiB). */
  fileSizeLimit?: number;
  /**
   * Storage's clock: signed URLs are issued and expire by it, and `lastModified` is stamped
   * with it. Tests move it instead of waiting for a URL to expire.
   */
  now: () => Date;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: ObjectMetadata | null;
  user_metadata: unknown;
}

export const BUCKET_COLUMNS = `id, name, coalesce(owner::text, '') as owner, owner_id, coalesce(public, false) as public,
  file_size_limit, allowed_mime_types, type, created_at, updated_at`;

export const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, created_at, updated_at,
  last_accessed_at, metadata, user_metadata`;

/**
 * A bucket as the given connection sees it: the caller's transaction for /bucket; elsewhere
 * (uploads, downloads, list, transfers) the connection's own user, which sees every bucket.
 */
export async function findBucket(db: Queryable, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  const bucket = rows[0];
  if (bucket === undefined) throw errors.noSuchBucket();
  return bucket;
}

/** An object as the given connection sees it (under RLS inside asStorageUser). */
export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  const object = rows[0];
  if (object === undefined) throw errors.noSuchKey();
  return object;
}
