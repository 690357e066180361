import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { ServiceRequest } from '../http/router.ts';
import { bodyAs, readJson } from './body.ts';
import { asStorageUser, probeAsStorageUser, storageClaims } from './context.ts';
import { errors, sendJson } from './errors.ts';
import { copyObjectFile, removeObject, type ObjectKey } from './files.ts';
import { checkMimeType } from './mime.ts';
import { COPY_OPTIONS_BODY, TRANSFER_BODY } from './requestBodies.ts';
import {
  findBucket,
  findObject,
  type BucketRow,
  type ObjectRow,
  type StorageOptions,
} from './rows.ts';
import { INSERT_OBJECT, ownerColumns, sizeLimit, subOf } from './upload.ts';

// POST /object/move and POST /object/copy with `{ bucketId, sourceKey, destinationKey
// [, destinationBucket] }`. Both run as the caller, so the policies on storage.objects decide:
// move needs SELECT on the source and UPDATE of its row to the new name (USING on the old row,
// WITH CHECK on the new one); copy needs SELECT on the source and INSERT of the destination.
// An existing destination is refused (KeyAlreadyExists) before any byte moves. The bytes are
// copied inside the transaction; a move removes the old file only once the row has moved.

interface Transfer {
  source: ObjectKey;
  destination: ObjectKey;
}

function transfer(body: Record<string, unknown>): Transfer {
  const keys = bodyAs(TRANSFER_BODY, body);
  return {
    source: { bucket: keys.bucketId, name: keys.sourceKey },
    destination: { bucket: keys.destinationBucket ?? keys.bucketId, name: keys.destinationKey },
  };
}

/** The buckets of a transfer, looked up as the database owner (missing: NoSuchBucket). */
async function buckets(options: StorageOptions, { source, destination }: Transfer) {
  const from = await findBucket(options.db, source.bucket);
  const to =
    source.bucket === destination.bucket ? from : await findBucket(options.db, destination.bucket);
  return { from, to };
}

/** An object entering another bucket must meet that bucket's type and size limits. */
function checkFits(options: StorageOptions, bucket: BucketRow, object: ObjectRow): void {
  checkMimeType(object.metadata?.mimetype ?? 'application/octet-stream', bucket.allowed_mime_types);
  if ((object.metadata?.size ?? 0) > sizeLimit(options, bucket)) throw errors.tooLarge();
}

export async function moveObject(options: StorageOptions, request: ServiceRequest): Promise<void> {
  const { req, res, url } = request;
  const claims = storageClaims(req.headers, url, options.jwtSecret);
  const keys = transfer(await readJson(req));
  const { source, destination } = keys;
  const { from, to } = await buckets(options, keys);
  const same = source.bucket === destination.bucket && source.name === destination.name;
  const params = [
    source.bucket,
    source.name,
    destination.bucket,
    destination.name,
    ...ownerColumns(subOf(claims)),
    randomUUID(),
    options.now().toISOString(),
  ];
  const move = async (tx: Queryable): Promise<void> => {
    const object = await findObject(tx, source.bucket, source.name);
    if (from.id !== to.id) checkFits(options, to, object);
    // Zero rows: the caller sees the object but may not change it (storage says NoSuchKey).
    const { rowCount } = await tx.query(
      `update storage.objects
          set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7,
              metadata = jsonb_set(metadata, '{lastModified}', to_jsonb($8::text)),
              updated_at = now(), last_accessed_at = now()
        where bucket_id = $1 and name = $2`,
      params,
    );
    if (rowCount === 0) throw errors.noSuchKey();
    if (!same) await copyObjectFile(options.dataDir, source, destination);
  };
  if (same) {
    // Nothing to move: the policies are still asked, as storage does.
    await probeAsStorageUser(options.db, claims, 'storage.object.move', move);
  } else {
    await asStorageUser(options.db, claims, 'storage.object.move', move);
    await removeObject(options.dataDir, source.bucket, source.name);
  }
  sendJson(res, 200, { message: 'Successfully moved' });
}

function copyOptions(body: Record<string, unknown>): {
  copyMetadata: boolean;
  cacheControl?: string;
} {
  const { copyMetadata, metadata } = bodyAs(COPY_OPTIONS_BODY, body);
  // As storage-js: overrides apply only when the source's metadata is not copied.
  if (copyMetadata !== false) return { copyMetadata: true };
  const cacheControl = metadata?.cacheControl;
  return cacheControl === undefined
    ? { copyMetadata: false }
    : { copyMetadata: false, cacheControl };
}

export async function copyObject(options: StorageOptions, request: ServiceRequest): Promise<void> {
  const { req, res, url } = request;
  const claims = storageClaims(req.headers, url, options.jwtSecret);
  const body = await readJson(req);
  const keys = transfer(body);
  const { copyMetadata, cacheControl } = copyOptions(body);
  const { source, destination } = keys;
  const { from, to } = await buckets(options, keys);
  await asStorageUser(options.db, claims, 'storage.object.copy', async (tx) => {
    const object = await findObject(tx, source.bucket, source.name);
    if (from.id !== to.id) checkFits(options, to, object);
    const metadata = {
      ...object.metadata,
      ...(cacheControl === undefined ? {} : { cacheControl }),
      lastModified: options.now().toISOString(),
    };
    // No RETURNING (it would need a SELECT policy on the destination); an existing
    // destination fails here on the unique key, before the bytes are touched.
    await tx.query(INSERT_OBJECT, [
      randomUUID(),
      destination.bucket,
      destination.name,
      ...ownerColumns(subOf(claims)),
      JSON.stringify(metadata),
      JSON.stringify(copyMetadata ? object.user_metadata : null),
      randomUUID(),
    ]);
    await copyObjectFile(options.dataDir, source, destination);
  });
  const row = await findObject(options.db, destination.bucket, destination.name);
  sendJson(res, 200, { Id: row.id, Key: `${destination.bucket}/${destination.name}`, ...row });
}
