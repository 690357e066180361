import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { seedUsers, userA } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// Every admin function of the API, found in the database rather than listed by hand, so that a
// new one is covered the day it is written: a visitor and a signed-in user who is not an admin
// get 42501 (HTTP 401 / 403) whatever the arguments, before anything is read or written.

interface AdminFunction {
  name: string;
  args: string[];
}

describeOnEachDatabase('admin functions refuse everyone but admins', ({ db }) => {
  let stack: TestStack;
  let functions: AdminFunction[];

  beforeAll(async () => {
    await seedUsers(db());
    stack = await startStack(db());
    // The input arguments only: proargnames also names a `returns table`'s columns.
    const found = await db().query<{ name: string; args: string[] | null }>(
      `select p.proname as name,
              array(
                select a.name
                from unnest(p.proargnames, coalesce(p.proargmodes, array_fill('i'::"char",
                  array[cardinality(p.proargnames)]))) as a (name, mode)
                where a.mode in ('i', 'b', 'v')
              ) as args
       from pg_catalog.pg_proc as p
       join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname like 'admin\\_%'
       order by p.proname`,
    );
    functions = found.rows.map((row) => ({ name: row.name, args: row.args ?? [] }));
  });
  afterAll(async () => {
    await stack.close();
  });

  it('finds the admin functions', () => {
    expect(functions.map((fn) => fn.name)).toEqual(
      expect.arrayContaining(['admin_dashboard', 'admin_set_role']),
    );
  });

  it('answers 42501 to a visitor and to a user, with the status PostgREST gives it', async () => {
    for (const fn of functions) {
      const nulls = Object.fromEntries(fn.args.map((arg) => [arg, null]));
      for (const [as, status] of [
        ['anon', 401],
        [userA, 403],
      ] as const) {
        const answer = await stack.client(as).rpc(fn.name, nulls);
        expect({ fn: fn.name, code: answer.error?.code, status: answer.status }).toEqual({
          fn: fn.name,
          code: '42501',
          status,
        });
      }
    }
  });
});
