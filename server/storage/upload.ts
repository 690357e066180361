import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db/database.ts';
import type { ServiceRequest } from '../http/router.ts';
import { readUpload } from './body.ts';
import { asStorageUser, probeAsStorageUser, storageClaims } from './context.ts';
import { sendJson } from './errors.ts';
import { writeObject } from './files.ts';
import { checkMimeType, effectiveType } from './mime.ts';
import { checkBucketId, checkObjectName } from './paths.ts';
import { findBucket, type BucketRow, type ObjectMetadata, type StorageOptions } from './rows.ts';
import { signObjectToken, UPLOAD_TOKEN_SECONDS, verifyObjectToken } from './signing.ts';

// POST /object/{b}/{p} (upload, upsert with `x-upsert: true`) and PUT /object/{b}/{p} (update,
// always an upsert). The row is written as the caller inside asStorageUser, so the policies on
// storage.objects decide; the bytes are written in the same transaction only once the row went
// in, so a refused upload leaves nothing on disk.
//
// Signed uploads: POST /object/upload/sign/{b}/{p} probes the INSERT (or upsert) as the
// caller and hands out a token for that one object, valid 2 hours; PUT /object/upload/sign/{b}/{p}
// ?token= stores the upload with the same code, as the database owner (the token is the
// permission), for the owner named in the token. Without upsert the object must not exist yet,
// so a token uploads once; an upsert token may replace the object until it expires (Supabase's
// semantics).

export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INSERT_OBJECT = `insert into storage.objects
    (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;

const UPSERT = `${INSERT_OBJECT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()
  returning id`;

/** The largest object a bucket takes: its own limit, never above the global one. */
export function sizeLimit(options: StorageOptions, bucket: BucketRow): number {
  const globalLimit = options.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT;
  return Math.min(bucket.file_size_limit ?? globalLimit, globalLimit);
}

/** The owner columns for a JWT `sub`: `owner` only when it is a UUID, `owner_id` always. */
export function ownerColumns(sub: string | null): [string | null, string | null] {
  return [sub !== null && UUID.test(sub) ? sub : null, sub];
}

/** The caller's JWT `sub`, when it has one. */
export const subOf = (claims: { sub?: unknown }): string | null =>
  typeof claims.sub === 'string' ? claims.sub : null;

/** Runs fn in the transaction that writes the row (as the caller, or as the database owner). */
type RowWriter = (operation: string, fn: (tx: Queryable) => Promise<string>) => Promise<string>;

interface UploadTarget {
  bucketId: string;
  name: string;
  upsert: boolean;
  /** The JWT `sub` of whoever owns the new object. */
  owner: string | null;
}

/**
 * Reads the upload within the bucket's size limit, checks the type of its real bytes against
 * the bucket's allowed types, then writes the row and the bytes in one transaction of write.
 * Returns the object's id.
 */
async function storeUpload(
  options: StorageOptions,
  req: IncomingMessage,
  target: UploadTarget,
  write: RowWriter,
): Promise<string> {
  const { bucketId, name, upsert } = target;
  const bucket = await findBucket(options.db, bucketId);
  const body = await readUpload(req, sizeLimit(options, bucket));
  const mimetype = effectiveType(body.bytes, body.declaredType);
  checkMimeType(mimetype, bucket.allowed_mime_types);

  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.length,
    mimetype,
    cacheControl: body.cacheControl,
    lastModified: options.now().toISOString(),
    contentLength: body.bytes.length,
    httpStatusCode: 200,
  };
  const params = [
    randomUUID(),
    bucketId,
    name,
    ...ownerColumns(target.owner),
    JSON.stringify(metadata),
    JSON.stringify(body.userMetadata),
    randomUUID(),
  ];
  const operation = upsert ? 'storage.object.upload_upsert' : 'storage.object.upload';
  return write(operation, async (tx) => {
    let objectId = params[0] as string;
    if (upsert) {
      const { rows } = await tx.query<{ id: string }>(UPSERT, params);
      objectId = rows[0]?.id ?? objectId;
    } else {
      // No RETURNING: it would also need a SELECT policy, which a plain upload does not.
      await tx.query(INSERT_OBJECT, params);
    }
    await writeObject(options.dataDir, bucketId, name, body.bytes);
    return objectId;
  });
}

export async function uploadObject(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
  upsert: boolean,
): Promise<void> {
  const { req, res, url } = request;
  const claims = storageClaims(req.headers, url, options.jwtSecret);
  checkBucketId(bucketId);
  const name = checkObjectName(rawName);
  const id = await storeUpload(
    options,
    req,
    { bucketId, name, upsert, owner: subOf(claims) },
    (operation, fn) => asStorageUser(options.db, claims, operation, fn),
  );
  sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
}

/** POST /object/upload/sign/{b}/{p} (`x-upsert: true` optional): `{ url, token }`. */
export async function signUpload(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const { req, res, url } = request;
  const claims = storageClaims(req.headers, url, options.jwtSecret);
  checkBucketId(bucketId);
  const name = checkObjectName(rawName);
  const upsert = String(req.headers['x-upsert']).toLowerCase() === 'true';
  await findBucket(options.db, bucketId);
  const owner = subOf(claims);
  // The write the upload will do, judged now by the caller's policies (and the unique key).
  const params = [randomUUID(), bucketId, name, ...ownerColumns(owner), '{}', null, randomUUID()];
  await probeAsStorageUser(options.db, claims, 'storage.object.sign_upload_url', (tx) =>
    tx.query(upsert ? UPSERT : INSERT_OBJECT, params),
  );
  const path = `${bucketId}/${name}`;
  const token = signObjectToken(options, 'upload', path, UPLOAD_TOKEN_SECONDS, {
    owner: owner ?? undefined,
    upsert,
  });
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  sendJson(res, 200, { url: `/object/upload/sign/${encoded}?token=${token}`, token });
}

/** PUT /object/upload/sign/{b}/{p}?token=: no API key or JWT needed, the token decides. */
export async function uploadSigned(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const { req, res, url } = request;
  checkBucketId(bucketId);
  const name = checkObjectName(rawName);
  const token = url.searchParams.get('token');
  const claims = verifyObjectToken(options, token, 'upload', bucketId, name);
  await storeUpload(
    options,
    req,
    {
      bucketId,
      name,
      upsert: claims.upsert === true,
      owner: typeof claims.owner === 'string' ? claims.owner : null,
    },
    (_operation, fn) => options.db.transaction(fn),
  );
  sendJson(res, 200, { Key: `${bucketId}/${name}` });
}
