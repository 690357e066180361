import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import type { RequestClaims } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  anonClaims,
  attempt,
  claimsOf,
  seedContent,
  seedUserRows,
  seedUsers,
  serviceClaims,
  userA,
  userB,
} from './fixtures.ts';
import { NO_GRANT, RLS, rules, type Cell, type Row } from './rls-rules.ts';

// Runs the expectations of rls-rules.ts: every table of `public`, and the avatars of
// storage.objects, x select, insert, update, delete x anon, A, B, admin and the service role,
// each probe in a rolled-back transaction.

const actors: readonly RequestClaims[] = [
  anonClaims,
  claimsOf(userA),
  claimsOf(userB),
  claimsOf(adminUser),
  serviceClaims,
];

async function observe(
  db: Database,
  claims: RequestClaims,
  sql: string,
  counted: boolean,
): Promise<Cell> {
  const outcome = await attempt(db, claims, async (tx) => {
    const result = await tx.query<{ n: number }>(sql);
    return counted ? (result.rows[0]?.n ?? -1) : result.rowCount;
  });
  if (outcome.ok) return outcome.value;
  if (outcome.code === '42501') return /row-level security/.test(outcome.message) ? RLS : NO_GRANT;
  return `error ${outcome.code}`;
}

async function observeRow(db: Database, sql: string, counted = false): Promise<Row> {
  const cells: Cell[] = [];
  for (const claims of actors) cells.push(await observe(db, claims, sql, counted));
  return cells as unknown as Row;
}

describeOnEachDatabase(
  'RLS matrix: anon, A, B, admin, service role on every public table',
  ({ db }) => {
    beforeAll(async () => {
      await seedUsers(db());
      await seedContent(db());
      await seedUserRows(db());
      await db().query(
        `insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`,
        [`${userA.id}/avatar.png`, userA.id],
      );
    });

    it('covers every table of the public schema', async () => {
      const { rows } = await db().query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      );
      const publicRules = rules.filter((rule) => rule.schema === undefined);
      expect([...new Set(publicRules.map((rule) => rule.table))].sort()).toEqual(
        rows.map((row) => row.name),
      );
    });

    it('sign-up (as supabase_auth_admin) created each profile, through the SECURITY DEFINER trigger', async () => {
      // GoTrue's role has no right on public: only a SECURITY DEFINER trigger can write there.
      const direct = await db().query(
        `select has_table_privilege('supabase_auth_admin', 'public.profiles', 'insert') as can`,
      );
      expect(direct.rows).toEqual([{ can: false }]);
      const { rows } = await db().query(
        `select p.user_id::text as id, p.full_name, array_agg(r.role::text order by r.role) as roles
       from public.profiles p join public.user_roles r using (user_id) group by 1, 2 order by 2`,
      );
      expect(rows).toEqual([
        { id: adminUser.id, full_name: 'Ada Admin', roles: ['admin', 'user'] },
        { id: userA.id, full_name: 'Alice', roles: ['user'] },
        { id: userB.id, full_name: 'Bob', roles: ['user'] },
      ]);
    });

    it.each(
      rules.map(
        (rule) =>
          [
            (rule.schema === undefined ? rule.table : `${rule.schema}.${rule.table}`) +
              (rule.label === undefined ? '' : ` (${rule.label})`),
            rule,
          ] as const,
      ),
    )('%s', async (_name, rule) => {
      const table = `${rule.schema ?? 'public'}.${rule.table}`;
      const { where, insert, set } = rule.sql;
      const observed = {
        select: await observeRow(
          db(),
          `select count(*)::int as n from ${table} where ${where}`,
          true,
        ),
        insert: await observeRow(db(), `insert into ${table} ${insert}`),
        update: await observeRow(db(), `update ${table} set ${set} where ${where}`),
        delete: await observeRow(db(), `delete from ${table} where ${where}`),
      };
      expect(observed).toEqual({
        select: rule.select,
        insert: rule.insert,
        update: rule.update,
        delete: rule.delete,
      });
    });
  },
);
