import { createHash, randomUUID } from 'node:crypto';
import type { ServiceRequest } from '../http/router.ts';
import { readUpload } from './body.ts';
import { asStorageUser, storageClaims } from './context.ts';
import { sendJson } from './errors.ts';
import { writeObject } from './files.ts';
import { checkMimeType, effectiveType } from './mime.ts';
import { checkBucketId, checkObjectName } from './paths.ts';
import { findBucket, type ObjectMetadata, type StorageOptions } from './rows.ts';

// POST /object/{b}/{p} (upload, upsert with `x-upsert: true`) and PUT /object/{b}/{p} (update,
// always an upsert). The row is written as the caller inside asStorageUser, so the policies on
// storage.objects decide; the bytes are written in the same transaction only once the row went
// in, so a refused upload leaves nothing on disk.

export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const INSERT = `insert into storage.objects
    (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;

const UPSERT = `${INSERT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()
  returning id`;

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
  const bucket = await findBucket(options.db, bucketId);
  const globalLimit = options.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT;
  const limit = Math.min(bucket.file_size_limit ?? globalLimit, globalLimit);
  const body = await readUpload(req, limit);
  const mimetype = effectiveType(body.bytes, body.declaredType);
  checkMimeType(mimetype, bucket.allowed_mime_types);

  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.length,
    mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: body.bytes.length,
    httpStatusCode: 200,
  };
  const sub = typeof claims.sub === 'string' ? claims.sub : null;
  const params = [
    randomUUID(),
    bucketId,
    name,
    sub !== null && UUID.test(sub) ? sub : null,
    sub,
    JSON.stringify(metadata),
    JSON.stringify(body.userMetadata),
    randomUUID(),
  ];
  const operation = upsert ? 'storage.object.upload_upsert' : 'storage.object.upload';
  const id = await asStorageUser(options.db, claims, operation, async (tx) => {
    let objectId = params[0] as string;
    if (upsert) {
      const { rows } = await tx.query<{ id: string }>(UPSERT, params);
      objectId = rows[0]?.id ?? objectId;
    } else {
      // No RETURNING: it would also need a SELECT policy, which a plain upload does not.
      await tx.query(INSERT, params);
    }
    await writeObject(options.dataDir, bucketId, name, body.bytes);
    return objectId;
  });
  sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
}
