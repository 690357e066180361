import { expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.ts';
import { describeOnEachDatabase } from './databases.ts';

// The checks of Supabase's security advisor that apply to this schema, as queries returning the
// offending objects. Each one is first shown to catch a planted offence, then run on the schema.

const lints = {
  /** Tables of the exposed schema without row level security. */
  tablesWithoutRls: `
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  /** Functions whose search_path a caller could change (a hijack of unqualified names). */
  functionsWithMutableSearchPath: `
    select p.proname as name from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting
                      where setting like 'search_path=%')`,
  /** SECURITY DEFINER functions a visitor may call. */
  definerFunctionsExecutableByAnon: `
    select p.proname as name from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prosecdef
      and has_function_privilege('anon', p.oid, 'execute')`,
  /** Functions left executable by PUBLIC (every role, present and future). */
  functionsExecutableByPublic: `
    select p.proname as name from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and (p.proacl is null or exists (select 1 from aclexplode(p.proacl) as acl
                                       where acl.grantee = 0 and acl.privilege_type = 'EXECUTE'))`,
  /** Views that would run with their owner's rights, bypassing RLS. */
  viewsWithoutSecurityInvoker: `
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'v'
      and not exists (select 1 from unnest(coalesce(c.reloptions, '{}')) as option
                      where lower(option) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=1'))`,
  /** Any privilege of an API role on the quiz answers. */
  quizAnswerPrivileges: `
    select r as name from unnest(array['anon', 'authenticated', 'service_role']) as r
    where has_table_privilege(r, 'public.quiz_answers', 'select, insert, update, delete, truncate, references, trigger')
       or has_any_column_privilege(r, 'public.quiz_answers', 'select, insert, update, references')`,
} as const;

type LintName = keyof typeof lints;

async function offenders(db: Queryable, lint: LintName): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`${lints[lint]} order by 1`);
  return rows.map((row) => row.name);
}

const rollback = new Error('rollback');
async function withPlantedOffences<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.exec(`
        create table public.lint_probe_table (id integer);
        create function public.lint_probe_mutable() returns integer language sql as 'select 1';
        create function public.lint_probe_definer() returns integer language sql
          security definer set search_path = '' as 'select 1';
        create view public.lint_probe_view as select 1 as one;
        grant select (correct_option_key) on public.quiz_answers to authenticated;
      `);
      result = await fn(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  if (result === undefined) throw new Error('the probe produced nothing');
  return result;
}

describeOnEachDatabase('security advisor lints', ({ db }) => {
  it('each lint catches a planted offence', async () => {
    const found = await withPlantedOffences(db(), async (tx) => ({
      tablesWithoutRls: await offenders(tx, 'tablesWithoutRls'),
      functionsWithMutableSearchPath: await offenders(tx, 'functionsWithMutableSearchPath'),
      definerFunctionsExecutableByAnon: await offenders(tx, 'definerFunctionsExecutableByAnon'),
      functionsExecutableByPublic: await offenders(tx, 'functionsExecutableByPublic'),
      viewsWithoutSecurityInvoker: await offenders(tx, 'viewsWithoutSecurityInvoker'),
      quizAnswerPrivileges: await offenders(tx, 'quizAnswerPrivileges'),
    }));
    expect(found).toEqual({
      tablesWithoutRls: ['lint_probe_table'],
      functionsWithMutableSearchPath: ['lint_probe_mutable'],
      definerFunctionsExecutableByAnon: ['check_quiz', 'has_role', 'lint_probe_definer'],
      functionsExecutableByPublic: ['lint_probe_definer', 'lint_probe_mutable'],
      viewsWithoutSecurityInvoker: ['lint_probe_view'],
      quizAnswerPrivileges: ['authenticated'],
    });
  });

  it('every table in public has RLS enabled', async () => {
    expect(await offenders(db(), 'tablesWithoutRls')).toEqual([]);
  });

  it('every function in public pins its search_path', async () => {
    expect(await offenders(db(), 'functionsWithMutableSearchPath')).toEqual([]);
  });

  it('no function in public is left executable by PUBLIC', async () => {
    expect(await offenders(db(), 'functionsExecutableByPublic')).toEqual([]);
  });

  // Both on purpose: has_role answers a caller about their own id only (an admin about anyone);
  // check_quiz grades a visitor's answers from quiz_answers, which no API role may read, and
  // records nothing.
  it('anon may execute only check_quiz and has_role among the SECURITY DEFINER functions', async () => {
    expect(await offenders(db(), 'definerFunctionsExecutableByAnon')).toEqual([
      'check_quiz',
      'has_role',
    ]);
  });

  it('authenticated may execute exactly the granted SECURITY DEFINER functions', async () => {
    const { rows } = await db().query<{ name: string }>(
      `select p.proname as name from pg_proc p
       where p.pronamespace = 'public'::regnamespace and p.prosecdef
         and has_function_privilege('authenticated', p.oid, 'execute')
       order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'admin_dashboard',
      'admin_delete_term',
      'admin_delete_token',
      'admin_list_users',
      'admin_save_term',
      'admin_save_token',
      'admin_set_role',
      'check_quiz',
      'complete_step',
      'delete_my_account',
      'export_my_data',
      'has_role',
      'submit_quiz',
    ]);
  });

  it('no view in public runs without security_invoker', async () => {
    expect(await offenders(db(), 'viewsWithoutSecurityInvoker')).toEqual([]);
  });

  it('quiz_answers grants nothing to anon, authenticated or service_role, and only it has no policy', async () => {
    expect(await offenders(db(), 'quizAnswerPrivileges')).toEqual([]);
    const { rows } = await db().query<{ name: string }>(
      `select c.relname as name from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(rows.map((row) => row.name)).toEqual(['quiz_answers']);
  });

  it('the private schema is out of reach of the API roles', async () => {
    const { rows } = await db().query<{ role: string; usage: boolean }>(
      `select r as role, has_schema_privilege(r, 'private', 'usage') as usage
       from unnest(array['anon', 'authenticated']) as r order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', usage: false },
      { role: 'authenticated', usage: false },
    ]);
  });
});
