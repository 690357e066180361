import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { describeOnEachDatabase, type TargetName } from './databases.ts';
import { ids, userA } from './fixtures.ts';
import { restRequest } from './rest-arbitraries.ts';
import { CANARY_SECRET, type FuzzRequest } from './rest-arbitraries-values.ts';
import { seededStack, type TestStack } from './stack.ts';

// Property-based fuzz of /rest/v1 (fast-check), run by rest-fuzz-pglite.test.ts and
// rest-fuzz-postgres.test.ts: 10,000 realistic-but-hostile requests per target
// (every operator, logic trees, select/order/limit grammar, quotes, SQL, unicode, huge values,
// Range/Prefer/Accept headers, JSON bodies) as anon, as a user and as the service role.
//
// Per request: never a 5xx (500, 503 and 504 included); every error body has PostgREST's shape
// {code, message, details, hint}; JSON bodies parse; no response ever contains the canary's secret.
//
// "Never reaches SQL except as bound values" is checked by a canary around the whole run:
// * a `public.canary` table owned by the database owner, with every privilege revoked from
//   anon/authenticated/service_role, must still exist with its one row and unchanged ACL;
// * the catalog must be unchanged: the set of tables/views/sequences (pg_class), functions with
//   their bodies (pg_proc), roles with their attributes and settings (pg_roles), memberships,
//   schemas, triggers and policies;
// * the rows of every table of public, auth and storage must be unchanged, with this honest
//   allowance: writes are only generated for anon and user A (see rest-arbitraries.ts; the
//   service role bypasses RLS, so its valid writes could legitimately change anything and it
//   only reads). User A may legitimately change its own rows (user_id/author_id/owner/id equal to
//   A: favorites, progress, its profile, even delete its account through rpc/delete_my_account),
//   and the tables anon/authenticated hold write grants on may gain new rows (a contact message).
//   So: rows that are not A's must all survive byte-identical in every table; new rows may only
//   appear in tables writable by those roles and never belong to another user; and user_roles
//   may not gain or change a single row (a self-granted admin role would be escalation).
// `Prefer: tx=rollback` may make a write free of effect; the invariants above hold either way.

const SEED = 20261123;
const RUNS = 10_000;

interface RowSet {
  table: string;
  writable: boolean;
  others: string[];
  all: string[];
}

interface Snapshot {
  catalog: Record<string, string>;
  tables: RowSet[];
  canary: string[];
}

const ownerColumns = ['user_id', 'author_id', 'owner', 'owner_id'];
const foreignUsers = [ids.userB, ids.admin];

async function snapshot(db: Database): Promise<Snapshot> {
  const catalogQueries: Record<string, string> = {
    pg_class: `select count(*) || ':' || md5(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text
        || ':' || coalesce(c.relacl::text, ''), ',' order by n.nspname, c.relname))
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`,
    pg_proc: `select count(*) || ':' || md5(string_agg(p.oid::regprocedure::text || p.prosrc
        || coalesce(p.proacl::text, '') || p.prosecdef::text, ',' order by p.oid)) from pg_proc p`,
    pg_roles: `select count(*) || ':' || md5(string_agg(r::text, ',' order by rolname)) from pg_roles r`,
    pg_auth_members: `select count(*) || ':' || md5(coalesce(string_agg(roleid || '>' || member, ','
        order by roleid, member), '')) from pg_auth_members`,
    pg_namespace: `select count(*) || ':' || md5(string_agg(nspname || coalesce(nspacl::text, ''), ','
        order by nspname)) from pg_namespace`,
    pg_trigger: `select count(*) || ':' || md5(coalesce(string_agg(tgname || tgenabled::text, ','
        order by tgrelid, tgname), '')) from pg_trigger`,
    pg_policy: `select count(*) || ':' || md5(coalesce(string_agg(polname || pg_get_expr(polqual, polrelid),
        ',' order by polrelid, polname), '')) from pg_policy`,
    rls: `select md5(string_agg(relname || relrowsecurity::text || relforcerowsecurity::text, ','
        order by oid)) from pg_class where relkind in ('r', 'p')`,
  };
  const catalog: Record<string, string> = {};
  for (const [name, sql] of Object.entries(catalogQueries)) {
    const result = await db.query<{ v: string }>(`select (${sql}) as v`);
    catalog[name] = result.rows[0]?.v ?? '';
  }
  const tables = await db.query<{ name: string; writable: boolean }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
       (has_table_privilege('anon', c.oid, 'INSERT,UPDATE,DELETE,TRUNCATE')
        or has_table_privilege('authenticated', c.oid, 'INSERT,UPDATE,DELETE,TRUNCATE')) as writable
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'auth', 'storage')
     order by 1`,
  );
  const sets: RowSet[] = [];
  for (const { name, writable } of tables.rows) {
    const own = [...ownerColumns, 'id'].map((c) => `to_jsonb(t)->>'${c}' = $1`).join(' or ');
    const rows = await db.query<{ hash: string; own: boolean }>(
      `select t::text as hash, coalesce(${own}, false) as own from ${name} t`,
      [ids.userA],
    );
    sets.push({
      table: name,
      writable,
      others: rows.rows.filter((r) => !r.own).map((r) => r.hash),
      all: rows.rows.map((r) => r.hash),
    });
  }
  const canary = await db.query<{ secret: string }>(`select secret from public.canary`);
  return { catalog, tables: sets, canary: canary.rows.map((r) => r.secret) };
}

/** Multiset difference: items of `a` not matched in `b`. */
function missing(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of b) counts.set(item, (counts.get(item) ?? 0) + 1);
  const out: string[] = [];
  for (const item of a) {
    const n = counts.get(item) ?? 0;
    if (n === 0) out.push(item);
    else counts.set(item, n - 1);
  }
  return out;
}

/** Every way the data or the catalog changed beyond what the allowance above permits. */
function violations(before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(before.catalog))
    if (after.catalog[name] !== value) problems.push(`catalog ${name} changed`);
  if (after.canary.join() !== CANARY_SECRET) problems.push(`canary rows: ${after.canary.join()}`);
  const afterTables = new Map(after.tables.map((t) => [t.table, t]));
  for (const old of before.tables) {
    const now = afterTables.get(old.table);
    if (now === undefined) {
      problems.push(`${old.table} vanished`);
      continue;
    }
    const lost = missing(old.others, now.all);
    if (lost.length > 0) problems.push(`${old.table} lost or changed rows: ${lost.join(' | ')}`);
    const added = missing(now.others, old.others);
    const strict = old.table === 'public.user_roles' || !old.writable;
    if (old.table === 'public.user_roles') {
      const gained = missing(now.all, old.all);
      if (gained.length > 0) problems.push(`user_roles gained: ${gained.join(' | ')}`);
    } else if (strict && added.length > 0)
      problems.push(
        `${old.table} (not writable by anon/authenticated) gained: ${added.join(' | ')}`,
      );
    for (const row of added)
      if (foreignUsers.some((id) => row.includes(id)))
        problems.push(`${old.table} gained a row of another user: ${row}`);
  }
  return problems;
}

function headersFor(stack: TestStack, userToken: string, request: FuzzRequest): Headers {
  const headers = new Headers(request.headers);
  if (request.role === 'service') {
    headers.set('apikey', stack.serviceKey);
    headers.set('Authorization', `Bearer ${stack.serviceKey}`);
  } else {
    headers.set('apikey', stack.anonKey);
    if (request.role === 'user') headers.set('Authorization', `Bearer ${userToken}`);
  }
  return headers;
}

function urlOf(stack: TestStack, request: FuzzRequest): string {
  const query = new URLSearchParams(request.query).toString();
  return `${stack.url}/rest/v1/${request.path}?${query}${request.rawQuery}`;
}

/** One request against the per-response properties; throws with the whole exchange on failure. */
async function check(
  stack: TestStack,
  userToken: string,
  request: FuzzRequest,
  statuses: Map<number, number>,
): Promise<void> {
  const url = urlOf(stack, request);
  const headers = headersFor(stack, userToken, request);
  const response = await fetch(url, { method: request.method, headers, body: request.body });
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const fail = (why: string): never => {
    const shown = url.length > 2000 ? `${url.slice(0, 2000)}…(${url.length} chars)` : url;
    throw new Error(
      `${why}: ${request.method} ${shown} → ${response.status} ${text.slice(0, 500)}`,
    );
  };
  // Node's HTTP parser refuses a request line (with the other headers) over its 16 KiB header limit with a bare 431 before
  // any handler runs (PostgREST's Warp does the same); only such URLs may get it.
  let headerBytes = url.length;
  for (const [name, value] of headers) headerBytes += name.length + value.length + 4;
  if (response.status === 431 && headerBytes > 15_000) return;
  if (response.status >= 500) fail('server error');
  if (text.includes(CANARY_SECRET)) fail('canary secret leaked');
  const json = (response.headers.get('content-type') ?? '').includes('json');
  let parsed: unknown;
  if (text !== '' && json) {
    try {
      parsed = JSON.parse(text);
    } catch {
      fail('unparsable JSON body');
    }
  }
  if (response.status >= 300 && request.method !== 'HEAD') {
    if (!json || typeof parsed !== 'object' || parsed === null) fail('error without JSON body');
    const body = parsed as Record<string, unknown>;
    const shaped =
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      (typeof body.details === 'string' || body.details === null) &&
      (typeof body.hint === 'string' || body.hint === null);
    if (!shaped) fail('error body not shaped {code, message, details, hint}');
  }
}

/** The fuzz on one database; each target has its own test file so that both run at once. */
export function describeRestFuzz(target: TargetName): void {
  describeOnEachDatabase(
    'REST fuzz (fast-check)',
    ({ db }) => {
      const stack = seededStack(db, {
        async beforeStart(database) {
          await database.exec(`
        create table public.canary (secret text not null);
        insert into public.canary values ('${CANARY_SECRET}');
        alter table public.canary enable row level security;
        revoke all on public.canary from public, anon, authenticated, service_role;`);
        },
      });

      it(`${RUNS} random requests: no 5xx, PostgREST error shapes, canary and data intact`, async () => {
        const before = await snapshot(db());
        const userToken = stack().userToken(userA, 24 * 3600);
        const statuses = new Map<number, number>();
        const started = performance.now();
        console.info(`REST fuzz: seed ${SEED}, ${RUNS} runs`);
        await fc.assert(
          fc.asyncProperty(restRequest, (request) => check(stack(), userToken, request, statuses)),
          { numRuns: RUNS, seed: SEED, endOnFailure: false },
        );
        const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
        console.info(
          `REST fuzz: ${RUNS} runs in ${Math.round(performance.now() - started)} ms; statuses ${histogram.join(' ')}`,
        );
        // The run must reach past the parser: some requests succeed and some reach the database.
        expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
        expect(violations(before, await snapshot(db()))).toEqual([]);
      }, 240_000);
    },
    { only: target },
  );
}
