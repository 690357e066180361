import type { Queryable } from '../db/database.ts';
import type { ServiceRequest } from '../http/router.ts';
import type * as v from 'valibot';
import { bodyAs, readBody, readJson } from './body.ts';
import { asStorageUser, storageClaims } from './context.ts';
import { errors, sendJson } from './errors.ts';
import { removeBucketFiles, removeObject } from './files.ts';
import { checkBucketId } from './paths.ts';
import { BUCKET_BODY } from './requestBodies.ts';
import { BUCKET_COLUMNS, findBucket, type BucketRow, type StorageOptions } from './rows.ts';

// /bucket endpoints. Everything runs as the caller, so RLS on storage.buckets decides:
// with no policies (the local stack's default) only the service role may see or change buckets.

/** The bucket settings present in a create/update body, as column → value. */
function settings(body: v.InferOutput<typeof BUCKET_BODY>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const column of ['public', 'file_size_limit', 'allowed_mime_types'] as const) {
    if (column in body) out.set(column, body[column]);
  }
  return out;
}

type Run = <T>(operation: string, fn: (tx: Queryable) => Promise<T>) => Promise<T>;

function runner(options: StorageOptions, request: ServiceRequest): Run {
  const claims = storageClaims(request.req.headers, request.url, options.jwtSecret);
  return (operation, fn) => asStorageUser(options.db, claims, operation, fn);
}

export async function listBuckets(options: StorageOptions, request: ServiceRequest): Promise<void> {
  const run = runner(options, request);
  const params = request.url.searchParams;
  const search = params.get('search') ?? '';
  const limit = Number(params.get('limit') ?? 'NaN');
  const offset = Number(params.get('offset') ?? '0');
  const rows = await run('storage.bucket.list', async (tx) => {
    const result = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where name ilike '%' || $1 || '%' order by name offset $2 limit $3`,
      [
        search,
        Number.isInteger(offset) && offset > 0 ? offset : 0,
        Number.isInteger(limit) && limit >= 0 ? limit : null,
      ],
    );
    return result.rows;
  });
  sendJson(request.res, 200, rows);
}

export async function getBucket(
  options: StorageOptions,
  request: ServiceRequest,
  id: string,
): Promise<void> {
  const run = runner(options, request);
  const bucket = checkBucketId(id);
  sendJson(request.res, 200, await run('storage.bucket.get', (tx) => findBucket(tx, bucket)));
}

export async function createBucket(
  options: StorageOptions,
  request: ServiceRequest,
): Promise<void> {
  const run = runner(options, request);
  const raw = await readJson(request.req);
  // The bucket's name first, as storage checks it, then its settings.
  const id = checkBucketId(raw.id ?? raw.name);
  const body = bodyAs(BUCKET_BODY, raw);
  const values = settings(body);
  const columns = ['id', 'name', 'owner_id', ...values.keys()];
  const sub = typeof body.owner === 'string' ? body.owner : null;
  const params = [id, id, sub, ...values.values()];
  await run('storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (${columns.join(', ')})
       values (${params.map((_, i) => `$${i + 1}`).join(', ')})`,
      params,
    ),
  );
  sendJson(request.res, 200, { name: id });
}

export async function updateBucket(
  options: StorageOptions,
  request: ServiceRequest,
  id: string,
): Promise<void> {
  const run = runner(options, request);
  const bucket = checkBucketId(id);
  const values = settings(await readBody(request.req, BUCKET_BODY));
  const sets = [...values.keys()].map((column, i) => `${column} = $${i + 2}`);
  const { rowCount } = await run('storage.bucket.update', (tx) =>
    tx.query(
      `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`,
      [bucket, ...values.values()],
    ),
  );
  if (rowCount === 0) throw errors.noSuchBucket();
  sendJson(request.res, 200, { message: 'Successfully updated' });
}

export async function deleteBucket(
  options: StorageOptions,
  request: ServiceRequest,
  id: string,
): Promise<void> {
  const run = runner(options, request);
  const bucket = checkBucketId(id);
  await run('storage.bucket.delete', async (tx) => {
    await findBucket(tx, bucket);
    // As the caller: enough for the service role (BYPASSRLS); the FK guards the rest.
    const { rows } = await tx.query<{ n: number }>(
      'select count(*)::int as n from storage.objects where bucket_id = $1',
      [bucket],
    );
    if ((rows[0]?.n ?? 0) > 0) throw errors.bucketNotEmpty();
    const { rowCount } = await tx.query('delete from storage.buckets where id = $1', [bucket]);
    if (rowCount === 0) throw errors.noSuchBucket();
  });
  await removeBucketFiles(options.dataDir, bucket);
  sendJson(request.res, 200, { message: 'Successfully deleted' });
}

export async function emptyBucket(
  options: StorageOptions,
  request: ServiceRequest,
  id: string,
): Promise<void> {
  const run = runner(options, request);
  const bucket = checkBucketId(id);
  const names = await run('storage.bucket.empty', async (tx) => {
    await findBucket(tx, bucket);
    const { rows } = await tx.query<{ name: string }>(
      'delete from storage.objects where bucket_id = $1 returning name',
      [bucket],
    );
    return rows.map((row) => row.name);
  });
  for (const name of names) await removeObject(options.dataDir, bucket, name);
  sendJson(request.res, 200, { message: 'Successfully emptied' });
}
