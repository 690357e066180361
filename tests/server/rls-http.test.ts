import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteIdentifier as q, type Database } from '../../server/db/database.ts';
import { authStackFor } from './auth-stack.ts';
import { describeOnEachDatabase, type TargetName } from './databases.ts';
import {
  adminUser,
  seedContent,
  seedUserRows,
  seedUsers,
  userA,
  userB,
  type TestUser,
} from './fixtures.ts';
import { NO_GRANT, RLS, rules as allRules, type Cell, type TableRules } from './rls-rules.ts';

// The expectations of rls-rules.ts (the SQL-level matrix of rls-matrix.test.ts), seen by a
// client: the unmodified supabase-js over HTTP against a running stack, as a visitor (anon key)
// and as A, B and an admin signed in with their password through /auth/v1. Every table of
// `public` x select, insert, update, delete x anon, A, B, admin (the service role column of the
// rules is not a client's and stays with the SQL matrix).
//
// Each probe is translated from the rule's own SQL fragments (the probe row's `where`, the new
// row's `insert`, the no-op `set`), so the rules are stated once. What a cell checks:
//   select  the status, and which of the probe rows come back (the filter's columns);
//   insert  the status (201, or 401 anon / 403 signed in with 42501), and how many rows the
//           table gained, read by the database owner;
//   update  the status (204, or 401/403 42501), and whether the probe row was written: its
//           xmin changes on every write, even one that keeps the values (RLS-hidden rows: 204
//           and no write);
//   delete  the status, and whether the probe row is gone.
// One stack per database; writes that land are undone by restoring every public table from a
// snapshot taken after seeding, so each cell starts from the same rows.

/** The fixtures' password (fixtures.ts createUser hashes 'password' for every user). */
const FIXTURE_PASSWORD = 'password';

type CallerName = 'anon' | 'A' | 'B' | 'admin';
type Operation = 'select' | 'insert' | 'update' | 'delete';

interface Caller {
  name: CallerName;
  /** The caller's column in a rls-rules.ts Row. */
  column: 0 | 1 | 2 | 3;
  user: TestUser | undefined;
}

const callers: readonly Caller[] = [
  { name: 'anon', column: 0, user: undefined },
  { name: 'A', column: 1, user: userA },
  { name: 'B', column: 2, user: userB },
  { name: 'admin', column: 3, user: adminUser },
];
const operations: readonly Operation[] = ['select', 'insert', 'update', 'delete'];

/** The rules of `public`'s tables: storage.objects is storage's API (admins-hidden.test.ts). */
const rules = allRules.filter((rule) => rule.schema === undefined);

const ruleName = (rule: TableRules): string =>
  rule.label === undefined ? rule.table : `${rule.table} (${rule.label})`;

// Cells where the server or the policies are wrong, by `${rule} ${caller} ${operation}`, or
// with a `${target} ` prefix when only one database shows it. Each one runs as `it.fails` and
// names its defect: the test starts failing (so the entry must go) once the defect is fixed.
const defects: Readonly<Partial<Record<string, string>>> = {};

const defectOf = (target: TargetName, cell: string): string | undefined =>
  defects[`${target} ${cell}`] ?? defects[cell];

// ---------------------------------------------------------------------------------------------
// From the rules' SQL fragments to supabase-js requests

type Filter = readonly (readonly [column: string, value: string | boolean | null])[];

/**
 * `a = 'x' and b is null and c = true` as [['a', 'x'], ['b', null], ['c', true]]; anything else
 * is refused. A boolean stays one, as the rows come back with it.
 */
function filterOf(where: string): Filter {
  return where.split(/\s+and\s+/).map((term) => {
    const equals = /^(\w+) = '([^']*)'$/.exec(term.trim());
    if (equals?.[1] !== undefined && equals[2] !== undefined) return [equals[1], equals[2]];
    const flag = /^(\w+) = (true|false)$/.exec(term.trim());
    if (flag?.[1] !== undefined) return [flag[1], flag[2] === 'true'];
    const isNull = /^(\w+) is null$/.exec(term.trim());
    if (isNull?.[1] !== undefined) return [isNull[1], null];
    throw new Error(`rls-http: no HTTP filter for the condition "${term}"; extend filterOf.`);
  });
}

interface Filterable<Q> {
  eq(column: string, value: string | boolean): Q;
  is(column: string, value: null): Q;
}

function where<Q extends Filterable<Q>>(query: Q, filter: Filter): Q {
  let filtered = query;
  for (const [column, value] of filter) {
    filtered = value === null ? filtered.is(column, null) : filtered.eq(column, value);
  }
  return filtered;
}

/** The column of a no-op `col = col` change; anything else is refused. */
function setColumnOf(set: string): string {
  const match = /^(\w+) = (\w+)$/.exec(set.trim());
  if (match?.[1] === undefined || match[1] !== match[2]) {
    throw new Error(`rls-http: no HTTP body for the change "${set}"; extend setColumnOf.`);
  }
  return match[1];
}

interface InsertProbe {
  row: Record<string, unknown>;
  /** `on conflict (col) do nothing`: sent as an upsert that ignores duplicates. */
  ignoreDuplicatesOn: string | undefined;
}

/**
 * `(cols) values (...) [on conflict (col) do nothing]` as the JSON row a client would send:
 * Postgres itself reads the literals (numbers and booleans keep their type), and the text of
 * a json/jsonb column is parsed, as a client sends an array or an object there.
 */
async function insertProbeOf(db: Database, table: string, insert: string): Promise<InsertProbe> {
  const match =
    /^\(([\w\s,]+)\)\s*values\s*(\(.*\))(?:\s+on conflict \((\w+)\) do nothing)?\s*$/s.exec(
      insert.trim(),
    );
  const [, columns, values, conflict] = match ?? [];
  if (columns === undefined || values === undefined) {
    throw new Error(`rls-http: no HTTP body for the insert "${insert}"; extend insertProbeOf.`);
  }
  const { rows } = await db.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(v) as row from (values ${values}) as v(${columns})`,
  );
  const { rows: types } = await db.query<{ name: string; type: string }>(
    `select column_name as name, data_type as type from information_schema.columns
     where table_schema = 'public' and table_name = $1`,
    [table],
  );
  const json = new Set(
    types.filter((c) => c.type === 'json' || c.type === 'jsonb').map((c) => c.name),
  );
  const row = Object.fromEntries(
    Object.entries(rows[0]?.row ?? {}).map(([column, value]) => [
      column,
      json.has(column) && typeof value === 'string' ? (JSON.parse(value) as unknown) : value,
    ]),
  );
  return { row, ignoreDuplicatesOn: conflict };
}

// ---------------------------------------------------------------------------------------------
// What the database owner sees

/** A copy of every public table after seeding, and how to go back to it. */
interface Snapshot {
  restore(): Promise<void>;
}

const SNAPSHOT_SCHEMA = 'rls_http_snapshot';

async function publicTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Copies every public table into a side schema. Restoring is one script (a transaction): rows
 * a probe added are deleted by primary key (children first), rows a probe deleted, with their
 * cascades, are put back (parents first). Cheaper than a TRUNCATE of every table on Postgres.
 */
async function takeSnapshot(db: Database): Promise<Snapshot> {
  const tables = await publicTables(db);
  const { rows: links } = await db.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint c
     join pg_class child on child.oid = c.conrelid
     join pg_class parent on parent.oid = c.confrelid
     where c.contype = 'f' and child.oid <> parent.oid
       and child.relnamespace = 'public'::regnamespace
       and parent.relnamespace = 'public'::regnamespace`,
  );
  const { rows: columns } = await db.query<{ table: string; columns: string[] }>(
    `select table_name as table, array_agg(column_name::text order by ordinal_position) as columns
     from information_schema.columns
     where table_schema = 'public' and is_generated = 'NEVER'
     group by table_name`,
  );
  const { rows: keys } = await db.query<{ table: string; columns: string[] }>(
    `select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
     from pg_index i
     join pg_class c on c.oid = i.indrelid
     join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey::int2[])
     where i.indisprimary and c.relnamespace = 'public'::regnamespace
     group by c.relname`,
  );
  // Parents before children.
  const order: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      links.every((link) => link.child !== table || !pending.has(link.parent)),
    );
    if (ready.length === 0) throw new Error('rls-http: a foreign-key cycle among public tables');
    for (const table of ready) {
      order.push(table);
      pending.delete(table);
    }
  }
  const live = (table: string) => `public.${q(table)}`;
  const copy = (table: string) => `${q(SNAPSHOT_SCHEMA)}.${q(table)}`;
  await db.exec(
    [
      `create schema ${q(SNAPSHOT_SCHEMA)}`,
      ...tables.map((table) => `create table ${copy(table)} as select * from ${live(table)}`),
    ].join(';\n'),
  );
  const removeAdded = [...order].reverse().map((table) => {
    const key = keys.find((k) => k.table === table)?.columns;
    if (key === undefined) return `truncate ${live(table)} cascade`;
    const tuple = (alias: string) => `(${key.map((c) => `${alias}.${q(c)}`).join(', ')})`;
    return `delete from ${live(table)} as x where not exists
      (select 1 from ${copy(table)} as s where ${tuple('s')} = ${tuple('x')})`;
  });
  const putBackRemoved = order.map((table) => {
    const list = (columns.find((c) => c.table === table)?.columns ?? []).map((c) => q(c));
    return `insert into ${live(table)} (${list.join(', ')})
      select ${list.join(', ')} from ${copy(table)} on conflict do nothing`;
  });
  const script = [...removeAdded, ...putBackRemoved].join(';\n');
  return {
    restore: () =>
      db.transaction(async (tx) => {
        await tx.exec(script);
      }),
  };
}

const count = async (db: Database, table: string, condition = 'true'): Promise<number> =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from public.${q(table)} where ${condition}`,
    )
  ).rows[0]?.n ?? -1;

const versions = async (db: Database, table: string, condition: string): Promise<string[]> =>
  (
    await db.query<{ v: string }>(
      `select xmin::text as v from public.${q(table)} where ${condition}`,
    )
  ).rows.map((row) => row.v);

// ---------------------------------------------------------------------------------------------
// A cell as the client sees it

/** How a request ended: allowed, or refused as the SQL matrix names it. */
type Outcome = 'allowed' | typeof NO_GRANT | typeof RLS | `error ${string}`;

interface Observed {
  status: number;
  outcome: Outcome;
  /** Rows returned (select) or written, as the database owner sees it. */
  rows: number;
}

function outcomeOf(error: PostgrestError | null): Outcome {
  if (error === null) return 'allowed';
  if (error.code === '42501') {
    if (/row-level security/.test(error.message)) return RLS;
    if (/^permission denied for table /.test(error.message)) return NO_GRANT;
  }
  return `error ${error.code}`;
}

const successStatus: Record<Operation, number> = {
  select: 200,
  insert: 201,
  update: 204,
  delete: 204,
};

function expectedOf(cell: Cell, operation: Operation, caller: Caller) {
  if (typeof cell === 'number') {
    return { status: successStatus[operation], outcome: 'allowed', rows: cell };
  }
  // PostgREST answers 42501 with 401 to a visitor (no JWT role but anon) and 403 otherwise.
  // Any other error: the code is what the rule names; the status is not pinned here.
  const status =
    cell === NO_GRANT || cell === RLS
      ? caller.name === 'anon'
        ? 401
        : 403
      : (expect.any(Number) as number);
  return { status, outcome: cell, rows: 0 };
}

describeOnEachDatabase(
  'RLS matrix over HTTP: anon, A, B, admin with supabase-js',
  ({ db, target }) => {
    let snapshot: Snapshot | undefined;
    const clients = new Map<CallerName, SupabaseClient>();

    beforeAll(async () => {
      await seedUsers(db());
      await seedContent(db());
      await seedUserRows(db());
    });
    // Started after the seed (hooks run in order): the stack with /auth/v1, to sign in for real.
    const stack = authStackFor(db);
    beforeAll(async () => {
      snapshot = await takeSnapshot(db());
      for (const caller of callers) {
        const client = stack().client();
        if (caller.user !== undefined) {
          const { data, error } = await client.auth.signInWithPassword({
            email: caller.user.email,
            password: FIXTURE_PASSWORD,
          });
          if (error !== null) throw error;
          expect(data.user.id).toBe(caller.user.id);
        }
        clients.set(caller.name, client);
      }
    });

    const clientOf = (caller: Caller): SupabaseClient => {
      const client = clients.get(caller.name);
      if (client === undefined) throw new Error('The clients sign in in beforeAll.');
      return client;
    };
    const restore = async (): Promise<void> => {
      if (snapshot === undefined) throw new Error('The snapshot is taken in beforeAll.');
      await snapshot.restore();
    };

    it('has a rule for every table of the public schema, and no rule for a missing one', async () => {
      const tables = await publicTables(db());
      const ruled = new Set(rules.map((rule) => rule.table));
      expect({
        tablesWithoutRule: tables.filter((table) => !ruled.has(table)),
        rulesWithoutTable: [...ruled].filter((table) => !tables.includes(table)),
      }).toEqual({ tablesWithoutRule: [], rulesWithoutTable: [] });
    });

    async function observe(
      rule: TableRules,
      caller: Caller,
      operation: Operation,
    ): Promise<Observed> {
      const client = clientOf(caller);
      const { table } = rule;
      const { where: condition } = rule.sql;
      const filter = filterOf(condition);
      switch (operation) {
        case 'select': {
          // The filter's columns only: like the SQL matrix's count(*), no other column is read.
          const columns = filter.map(([column]) => column).join(', ');
          const { status, error, data } = await where(
            client.from(table).select<string, Record<string, unknown>>(columns),
            filter,
          );
          const rows = (data ?? []) as unknown[];
          // Exactly the probe rows, whatever their number.
          expect(rows).toEqual(rows.map(() => Object.fromEntries(filter)));
          return { status, outcome: outcomeOf(error), rows: rows.length };
        }
        case 'insert': {
          const probe = await insertProbeOf(db(), table, rule.sql.insert);
          const before = await count(db(), table);
          const { status, error } =
            probe.ignoreDuplicatesOn === undefined
              ? await client.from(table).insert(probe.row)
              : await client.from(table).upsert(probe.row, {
                  onConflict: probe.ignoreDuplicatesOn,
                  ignoreDuplicates: true,
                });
          const rows = (await count(db(), table)) - before;
          if (rows !== 0) await restore();
          return { status, outcome: outcomeOf(error), rows };
        }
        case 'update': {
          const column = setColumnOf(rule.sql.set);
          const { rows: current } = await db().query<{ row: Record<string, unknown> }>(
            `select to_jsonb(t) as row from public.${q(table)} as t where ${condition}`,
          );
          expect(current, `the probe row of ${ruleName(rule)}`).toHaveLength(1);
          const before = new Set(await versions(db(), table, condition));
          const { status, error } = await where(
            client.from(table).update({ [column]: current[0]?.row[column] }),
            filter,
          );
          const after = await versions(db(), table, condition);
          return {
            status,
            outcome: outcomeOf(error),
            rows: after.filter((version) => !before.has(version)).length,
          };
        }
        case 'delete': {
          const before = await count(db(), table, condition);
          expect(before, `the probe row of ${ruleName(rule)}`).toBe(1);
          const { status, error } = await where(client.from(table).delete(), filter);
          const rows = before - (await count(db(), table, condition));
          if (rows !== 0) await restore();
          return { status, outcome: outcomeOf(error), rows };
        }
      }
    }

    for (const rule of rules) {
      describe(ruleName(rule), () => {
        for (const operation of operations) {
          for (const caller of callers) {
            const cell = rule[operation][caller.column];
            const name = `${ruleName(rule)} ${caller.name} ${operation}`;
            const defect = defectOf(target, name);
            (defect === undefined ? it : it.fails)(
              `${operation} as ${caller.name}: ${String(cell)}${defect === undefined ? '' : ` (defect: ${defect})`}`,
              async () => {
                expect(await observe(rule, caller, operation)).toEqual(
                  expectedOf(cell, operation, caller),
                );
              },
            );
          }
        }
      });
    }
  },
);
