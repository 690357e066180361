import type { ServiceRequest } from '../http/router.ts';
import { readBody } from './body.ts';
import { asStorageUser, optionalClaims, storageClaims } from './context.ts';
import { errors, sendJson, sendStorageError } from './errors.ts';
import { readObject, removeObject } from './files.ts';
import { checkBucketId, checkObjectName } from './paths.ts';
import { ifRangeMatches, parseRange } from './range.ts';
import {
  findBucket,
  findObject,
  OBJECT_COLUMNS,
  type ObjectRow,
  type StorageOptions,
} from './rows.ts';
import { REMOVE_BODY, SIGN_BODY, SIGN_MANY_BODY } from './requestBodies.ts';
import { signObjectToken, verifyObjectToken } from './signing.ts';

// Downloads (authenticated, public, signed), signed URLs, object info and remove.

export type DownloadMode = 'auto' | 'authenticated' | 'public';

const header = ({ req }: ServiceRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The object's bytes: all of them (200), or the one range asked for (206, or 416). */
async function sendObject(
  options: StorageOptions,
  request: ServiceRequest,
  object: ObjectRow,
): Promise<void> {
  const { res, url } = request;
  const bytes = await readObject(options.dataDir, object.bucket_id, object.name);
  if (bytes === undefined) throw errors.noSuchKey();
  const meta = object.metadata;
  const lastModified = new Date(object.updated_at).toUTCString();
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype ?? 'application/octet-stream',
    'content-length': String(bytes.length),
    'cache-control': meta?.cacheControl ?? 'no-cache',
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    // The stored type comes from the bytes; browsers must not guess another one.
    'x-content-type-options': 'nosniff',
  };
  if (meta?.eTag !== undefined) headers.etag = meta.eTag;
  const download = url.searchParams.get('download');
  if (download !== null) {
    const filename = download === '' ? (object.name.split('/').pop() ?? 'download') : download;
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  const range = ifRangeMatches(header(request, 'if-range'), meta?.eTag, lastModified)
    ? parseRange(header(request, 'range'), bytes.length)
    : 'whole';
  if (range === 'unsatisfiable') {
    res.setHeader('content-range', `bytes */${bytes.length}`);
    sendStorageError(res, errors.rangeNotSatisfiable());
    return;
  }
  if (range === 'whole') {
    res.writeHead(200, headers);
    res.end(bytes);
    return;
  }
  headers['content-range'] = `bytes ${range.start}-${range.end}/${bytes.length}`;
  headers['content-length'] = String(range.end - range.start + 1);
  res.writeHead(206, headers);
  res.end(bytes.subarray(range.start, range.end + 1));
}

function names(bucketId: string, rawName: string): { bucket: string; name: string } {
  return { bucket: checkBucketId(bucketId), name: checkObjectName(rawName) };
}

/** GET /object/{b}/{p}, /object/authenticated/{b}/{p} and /object/public/{b}/{p}. */
export async function downloadObject(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
  mode: DownloadMode,
): Promise<void> {
  const { bucket, name } = names(bucketId, rawName);
  const { db, jwtSecret } = options;
  const row = await findBucket(db, bucket);
  let object: ObjectRow;
  if (mode === 'public') {
    if (!row.public) throw errors.noSuchBucket();
    object = await findObject(db, bucket, name);
  } else {
    const { headers } = request.req;
    const claims =
      mode === 'authenticated'
        ? storageClaims(headers, request.url, jwtSecret)
        : optionalClaims(headers, request.url, jwtSecret);
    // A public bucket's objects are anyone's to read, as hosted storage serves them: its
    // listing, not its reads, is what the policies restrict.
    object = row.public
      ? await findObject(db, bucket, name)
      : await asStorageUser(db, claims, 'storage.object.get', (tx) => findObject(tx, bucket, name));
  }
  await sendObject(options, request, object);
}

function signedUrl(options: StorageOptions, path: string, seconds: number): string {
  const token = signObjectToken(options, 'download', path, seconds);
  return `/object/sign/${path}?token=${token}`;
}

/** POST /object/sign/{b}/{p}: a signed download URL, for objects the caller may read. */
export async function signObject(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const claims = storageClaims(request.req.headers, request.url, options.jwtSecret);
  const { bucket, name } = names(bucketId, rawName);
  const { expiresIn: seconds } = await readBody(request.req, SIGN_BODY);
  await asStorageUser(options.db, claims, 'storage.object.sign', (tx) =>
    findObject(tx, bucket, name),
  );
  sendJson(request.res, 200, { signedURL: signedUrl(options, `${bucket}/${name}`, seconds) });
}

/** POST /object/sign/{b} with `{ expiresIn, paths }`: one entry per path (createSignedUrls). */
export async function signObjects(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
): Promise<void> {
  const claims = storageClaims(request.req.headers, request.url, options.jwtSecret);
  const bucket = checkBucketId(bucketId);
  const { expiresIn: seconds, paths } = await readBody(request.req, SIGN_MANY_BODY);
  const visible = await asStorageUser(options.db, claims, 'storage.object.sign', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucket, paths],
    );
    return new Set(rows.map((row) => row.name));
  });
  sendJson(
    request.res,
    200,
    paths.map((path) =>
      visible.has(path)
        ? { error: null, path, signedURL: signedUrl(options, `${bucket}/${path}`, seconds) }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    ),
  );
}

/** GET /object/sign/{b}/{p}?token=: no API key; the token names the object and its expiry. */
export async function downloadSigned(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const { bucket, name } = names(bucketId, rawName);
  const token = request.url.searchParams.get('token');
  verifyObjectToken(options, token, 'download', bucket, name);
  await sendObject(options, request, await findObject(options.db, bucket, name));
}

/** GET /object/info/{b}/{p}: the object's details, for info() and exists(). */
export async function objectInfo(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const claims = optionalClaims(request.req.headers, request.url, options.jwtSecret);
  const { bucket, name } = names(bucketId, rawName);
  const o = await asStorageUser(options.db, claims, 'storage.object.info', (tx) =>
    findObject(tx, bucket, name),
  );
  sendJson(request.res, 200, {
    id: o.id,
    name: o.name,
    version: o.version,
    bucket_id: o.bucket_id,
    size: o.metadata?.size ?? null,
    content_type: o.metadata?.mimetype ?? null,
    cache_control: o.metadata?.cacheControl ?? null,
    etag: o.metadata?.eTag ?? null,
    metadata: o.user_metadata,
    last_modified: o.updated_at,
    created_at: o.created_at,
  });
}

/** DELETE /object/{b} with `{ prefixes }`: deletes what RLS allows, returns the deleted rows. */
export async function removeObjects(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
): Promise<void> {
  const claims = storageClaims(request.req.headers, request.url, options.jwtSecret);
  const bucket = checkBucketId(bucketId);
  const { prefixes } = await readBody(request.req, REMOVE_BODY);
  const deleted = await asStorageUser(
    options.db,
    claims,
    'storage.object.delete_many',
    async (tx) => {
      const { rows } = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${OBJECT_COLUMNS}`,
        [bucket, prefixes],
      );
      return rows;
    },
  );
  // After the commit: the rows are gone for good, so are the bytes.
  for (const row of deleted) await removeObject(options.dataDir, bucket, row.name);
  sendJson(request.res, 200, deleted);
}
