import type { ServiceRequest } from '../http/router.ts';
import { readBody } from './body.ts';
import { asStorageUser, storageClaims } from './context.ts';
import { sendJson } from './errors.ts';
import { checkBucketId } from './paths.ts';
import { LIST_BODY, SORT_COLUMNS } from './requestBodies.ts';
import { findBucket, type ObjectRow, type StorageOptions } from './rows.ts';

// POST /object/list/{b}: the immediate children of a prefix, folders (id null) first,
// then files, names relative to the prefix; only the objects RLS lets the caller see.

type SortColumn = (typeof SORT_COLUMNS)[number];

interface Entry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
}

/** `like` pattern for names starting with prefix. */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function compare(a: Entry, b: Entry, column: SortColumn): number {
  if (column === 'name') return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return (a[column]?.getTime() ?? 0) - (b[column]?.getTime() ?? 0) || compare(a, b, 'name');
}

export async function listObjects(
  options: StorageOptions,
  request: ServiceRequest,
  bucketId: string,
): Promise<void> {
  const claims = storageClaims(request.req.headers, request.url, options.jwtSecret);
  const bucket = checkBucketId(bucketId);
  const body = await readBody(request.req, LIST_BODY);
  const { limit, offset } = body;
  const column = body.sortBy.column;
  const descending = body.sortBy.order.toLowerCase() === 'desc';
  const search = body.search.toLowerCase();
  let prefix = body.prefix.replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';

  await findBucket(options.db, bucket);
  const rows = await asStorageUser(options.db, claims, 'storage.object.list', async (tx) => {
    const result = await tx.query<ObjectRow>(
      `select id, name, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name like $2`,
      [bucket, likePrefix(prefix)],
    );
    return result.rows;
  });

  const folders = new Map<string, Entry>();
  const files: Entry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const child = slash === -1 ? rest : rest.slice(0, slash);
    if (child === '' || !child.toLowerCase().startsWith(search)) continue;
    if (slash === -1) {
      const { id, updated_at, created_at, last_accessed_at, metadata } = row;
      files.push({ name: child, id, updated_at, created_at, last_accessed_at, metadata });
    } else {
      folders.set(child, {
        name: child,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
    }
  }
  const direction = descending ? -1 : 1;
  const sortedFolders = [...folders.values()].sort((a, b) => direction * compare(a, b, 'name'));
  const sortedFiles = files.sort((a, b) => direction * compare(a, b, column));
  sendJson(request.res, 200, [...sortedFolders, ...sortedFiles].slice(offset, offset + limit));
}
