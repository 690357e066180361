import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.ts';
import { listMigrations, prepareDatabase } from '../../server/db/migrate.ts';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  anonClaims,
  attempt,
  claimsOf,
  createUser,
  seedContent,
  seedUserRows,
  seedUsers,
  sqlState,
  userA,
  userB,
  type TestUser,
} from './fixtures.ts';
import { seededStack } from './stack.ts';

// The admin's people pages on the server: the paged, searchable users list, roles that never
// leave the project without an admin, and contact messages that go new → read → handled and
// that only admins read, change and delete.

interface ListedUser {
  id: string;
  email: string;
  confirmed: boolean;
  signed_in: boolean;
  roles: string[];
  total: number;
}

async function listUsers(
  tx: Queryable,
  search: string | null,
  limit: number | null,
  offset: number | null,
): Promise<ListedUser[]> {
  const { rows } = await tx.query<ListedUser>(
    `select id::text, email, email_confirmed_at is not null as confirmed,
            last_sign_in_at is not null as signed_in, roles::text[] as roles, total::int as total
     from public.admin_list_users($1, $2, $3)`,
    [search, limit, offset],
  );
  return rows;
}

const rollback = new Error('rollback');

/**
 * Resolves once another session waits for a lock that the session pid holds (Postgres), or
 * once gaveUp says the session expected to wait has ended without waiting.
 */
async function blockedBehind(db: Database, pid: number, gaveUp: () => boolean): Promise<void> {
  while (!gaveUp()) {
    const { rows } = await db.query<{ blocked: boolean }>(
      `select exists (select 1 from pg_stat_activity where $1 = any (pg_blocking_pids(pid)))
         as blocked`,
      [pid],
    );
    if (rows[0]?.blocked === true) return;
  }
}

const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(adminUser), fn);

/** Thirty users made after the fixtures, one per transaction, so the newest is the last. */
const people: TestUser[] = Array.from({ length: 30 }, (_, index) => {
  const number = String(index).padStart(2, '0');
  return {
    id: `50000000-0000-4000-8000-0000000000${number}`,
    email: `people-${number}@example.test`,
    fullName: `Person ${number}`,
  };
});
/** Addresses holding the characters LIKE treats as wildcards or escapes. */
const oddOnes: TestUser[] = [
  { id: '60000000-0000-4000-8000-000000000001', email: 'per%cent@example.test', fullName: 'Pc' },
  { id: '60000000-0000-4000-8000-000000000002', email: 'under_score@example.test', fullName: 'Us' },
  { id: '60000000-0000-4000-8000-000000000003', email: 'back\\slash@example.test', fullName: 'Bs' },
];

describeOnEachDatabase('admin people: users and roles', ({ db }) => {
  beforeAll(async () => {
    await seedUsers(db());
    for (const user of [...people, ...oddOnes]) await createUser(db(), user);
  });

  /**
   * Signs up `count` more users and runs fn as the admin in the same transaction, which is then
   * rolled back: the other tests keep their 36 users.
   */
  async function withMoreUsers<T>(count: number, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let result: { value: T } | undefined;
    await db()
      .transaction(async (tx) => {
        await tx.exec('set local role supabase_auth_admin');
        await tx.query(
          `insert into auth.users (id, aud, role, email, created_at, updated_at)
           select gen_random_uuid(), 'authenticated', 'authenticated',
                  'bulk-' || i || '@example.test', now(), now()
           from generate_series(1, $1::int) as i`,
          [count],
        );
        await tx.exec('set local role authenticated');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(claimsOf(adminUser)),
        ]);
        result = { value: await fn(tx) };
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    if (result === undefined) throw new Error('the transaction gave no result');
    return result.value;
  }

  it('refuses visitors and non-admins with 42501, whatever the arguments', async () => {
    for (const claims of [anonClaims, claimsOf(userA)]) {
      for (const sql of [
        'select * from public.admin_list_users()',
        `select * from public.admin_list_users('people', 5, 0)`,
        `select public.admin_set_role('${userB.id}', 'admin', true)`,
        `select public.admin_set_role('${adminUser.id}', 'admin', false)`,
      ]) {
        expect(await attempt(db(), claims, (tx) => tx.query(sql))).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
    }
  });

  it('pages through every user, newest first, with the same total on every row', async () => {
    const all = await asAdmin(db(), (tx) => listUsers(tx, null, 100, 0));
    expect(all).toHaveLength(36);
    expect(new Set(all.map((user) => user.total))).toEqual(new Set([36]));
    expect(all.slice(0, 3).map((user) => user.email)).toEqual([
      'back\\slash@example.test',
      'under_score@example.test',
      'per%cent@example.test',
    ]);
    expect(all.at(-1)?.email).toBe(userA.email);

    const pages: ListedUser[] = [];
    for (let offset = 0; offset < 36; offset += 10) {
      const page = await asAdmin(db(), (tx) => listUsers(tx, null, 10, offset));
      expect(page.length).toBe(Math.min(10, 36 - offset));
      pages.push(...page);
    }
    expect(pages.map((user) => user.id)).toEqual(all.map((user) => user.id));
    expect(await asAdmin(db(), (tx) => listUsers(tx, null, 10, 40))).toEqual([]);
  });

  it('says whether each address is confirmed and whether the user ever signed in, with roles', async () => {
    const [admin] = await asAdmin(db(), (tx) => listUsers(tx, 'admin@', 5, 0));
    expect(admin).toEqual({
      id: adminUser.id,
      email: adminUser.email,
      confirmed: true,
      signed_in: false,
      roles: ['admin', 'user'],
      total: 1,
    });
  });

  it('searches addresses case-insensitively, wildcards and escapes taken literally', async () => {
    const emails = async (search: string) =>
      (await asAdmin(db(), (tx) => listUsers(tx, search, 100, 0))).map((user) => user.email);
    expect(await emails('PEOPLE-0')).toEqual(
      people
        .slice(0, 10)
        .map((user) => user.email)
        .reverse(),
    );
    expect(await emails('%')).toEqual(['per%cent@example.test']);
    expect(await emails('_')).toEqual(['under_score@example.test']);
    expect(await emails('\\')).toEqual(['back\\slash@example.test']);
    expect(await emails('r%c')).toEqual(['per%cent@example.test']);
    expect(await emails('nobody')).toEqual([]);
    // Blank searches, spaces around the text and null all mean "no search".
    expect(await emails('   ')).toHaveLength(36);
    expect(await emails('  bob@  ')).toEqual([userB.email]);
    const searched = await asAdmin(db(), (tx) => listUsers(tx, 'people-1', 3, 0));
    expect(searched.map((user) => user.total)).toEqual([10, 10, 10]);
  });

  it('caps the page at 100 rows, and brings a page size below 1 and a negative offset back', async () => {
    const capped = await withMoreUsers(70, (tx) => listUsers(tx, null, 1000, 0));
    expect(capped).toHaveLength(100);
    expect(capped[0]?.total).toBe(106);

    expect(await asAdmin(db(), (tx) => listUsers(tx, null, 0, 0))).toHaveLength(1);
    expect(await asAdmin(db(), (tx) => listUsers(tx, null, -5, 0))).toHaveLength(1);
    const fromStart = await asAdmin(db(), (tx) => listUsers(tx, null, 2, -10));
    expect(fromStart).toEqual(await asAdmin(db(), (tx) => listUsers(tx, null, 2, 0)));
    expect(await asAdmin(db(), (tx) => listUsers(tx, null, null, null))).toHaveLength(25);
  });

  it('refuses a search longer than an address can be, with 22001', async () => {
    const outcome = await attempt(db(), claimsOf(adminUser), (tx) =>
      listUsers(tx, 'a'.repeat(256), 10, 0),
    );
    expect(outcome).toMatchObject({ ok: false, code: '22001' });
    expect(await asAdmin(db(), (tx) => listUsers(tx, 'a'.repeat(255), 10, 0))).toEqual([]);
  });

  it('grants and revokes the admin role; refuses self-demotion (P0001) and unknown users (PT404)', async () => {
    const setRole = (claims: RequestClaims, userId: string, granted: boolean) =>
      attempt(db(), claims, async (tx) => {
        const { rows } = await tx.query<{ roles: string[] }>(
          `select public.admin_set_role($1, 'admin', $2)::text[] as roles`,
          [userId, granted],
        );
        return rows[0]?.roles;
      });
    const person = people[0]?.id ?? '';
    expect(await setRole(claimsOf(adminUser), person, true)).toEqual({
      ok: true,
      value: ['admin', 'user'],
    });
    expect(await setRole(claimsOf(adminUser), person, false)).toEqual({
      ok: true,
      value: ['user'],
    });
    expect(await setRole(claimsOf(adminUser), adminUser.id, false)).toMatchObject({
      ok: false,
      code: 'P0001',
    });
    expect(
      await setRole(claimsOf(adminUser), '00000000-0000-4000-8000-000000000999', true),
    ).toMatchObject({ ok: false, code: 'PT404' });
  });

  it('never leaves the project without an admin when two admins revoke each other at once', async () => {
    await asAdmin(db(), (tx) =>
      tx.query(`select public.admin_set_role($1, 'admin', true)`, [userB.id]),
    );
    const revoke = async (
      by: TestUser,
      target: TestUser,
      beforeCommit: (tx: Queryable) => Promise<void> = async () => undefined,
    ) => {
      try {
        await asUser(db(), claimsOf(by), async (tx) => {
          await tx.query(`select public.admin_set_role($1, 'admin', false)`, [target.id]);
          await beforeCommit(tx);
        });
        return 'revoked';
      } catch (error) {
        return sqlState(error) ?? String(error);
      }
    };
    // The admin's revoke keeps its transaction, and the lock admin_set_role takes, open until
    // B's revoke is known to wait for that lock; only then does it commit.
    let locked: (pid: number) => void = () => undefined;
    const holder = new Promise<number>((resolve) => (locked = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = revoke(adminUser, userB, async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      locked(rows[0]?.pid ?? 0);
      await released;
    });
    const pid = await Promise.race([holder, first.then(() => undefined)]);
    if (pid === undefined) throw new Error(`The admin's revoke ended early: ${await first}`);
    let secondEnded = false;
    const second = revoke(userB, adminUser).finally(() => {
      secondEnded = true;
    });
    // PGlite is one connection: B's transaction queues behind the admin's in the process.
    if (db().kind === 'postgres') await blockedBehind(db(), pid, () => secondEnded);
    release();
    const outcomes = await Promise.all([first, second]);
    expect(outcomes).toEqual(['revoked', '42501']);
    const { rows } = await db().query<{ user_id: string }>(
      `select user_id::text from public.user_roles where role = 'admin' order by 1`,
    );
    expect(rows).toEqual([{ user_id: adminUser.id }]);
  });
});

interface Message {
  id: string;
  status: string;
}

describeOnEachDatabase('admin people: contact messages', ({ db }) => {
  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
    await seedUserRows(db());
  });

  const messages = async (): Promise<Message[]> =>
    (
      await db().query<Message>(
        'select id::text, status from public.contact_messages order by created_at, id',
      )
    ).rows;

  it('only knows the states new, read and handled', async () => {
    const [first] = await messages();
    for (const status of ['answered', 'archived', 'done']) {
      const outcome = await attempt(db(), claimsOf(adminUser), (tx) =>
        tx.query('update public.contact_messages set status = $2 where id = $1', [
          first?.id,
          status,
        ]),
      );
      expect(outcome).toMatchObject({ ok: false, code: '23514' });
    }
  });

  it('lets an admin move a message through the states, and change nothing else', async () => {
    const [first] = await messages();
    for (const status of ['read', 'handled', 'new']) {
      const changed = await asUser(db(), claimsOf(adminUser), (tx) =>
        tx.query('update public.contact_messages set status = $2 where id = $1', [
          first?.id,
          status,
        ]),
      );
      expect(changed.rowCount).toBe(1);
      expect((await messages())[0]?.status).toBe(status);
    }
    const rewrite = await attempt(db(), claimsOf(adminUser), (tx) =>
      tx.query(
        `update public.contact_messages set message = 'Rewritten by the admin' where id = $1`,
        [first?.id],
      ),
    );
    expect(rewrite).toMatchObject({ ok: false, code: '42501' });
  });

  it('hides messages from non-admins, who can neither change nor delete one', async () => {
    const before = await messages();
    for (const user of [userA, userB]) {
      const seen = await asUser(db(), claimsOf(user), async (tx) => ({
        read: (await tx.query('select id from public.contact_messages')).rowCount,
        updated: (await tx.query(`update public.contact_messages set status = 'handled'`)).rowCount,
        deleted: (await tx.query('delete from public.contact_messages')).rowCount,
      }));
      expect(seen).toEqual({ read: 0, updated: 0, deleted: 0 });
    }
    for (const sql of [
      'select id from public.contact_messages',
      `update public.contact_messages set status = 'handled'`,
      'delete from public.contact_messages',
    ]) {
      expect(await attempt(db(), anonClaims, (tx) => tx.query(sql))).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
    expect(await messages()).toEqual(before);
  });

  it('lets an admin delete a message', async () => {
    const [first, ...rest] = await messages();
    const deleted = await asUser(db(), claimsOf(adminUser), (tx) =>
      tx.query('delete from public.contact_messages where id = $1', [first?.id]),
    );
    expect(deleted.rowCount).toBe(1);
    expect(await messages()).toEqual(rest);
  });
});

describeOnEachDatabase('admin people: the REST API as the pages call it', ({ db }) => {
  const stack = seededStack(db);

  it('answers 401/403 with 42501 to visitors and users on every admin function', async () => {
    const calls = [
      ['admin_list_users', {}],
      ['admin_list_users', { _search: 'example', _limit: 5, _offset: 0 }],
      ['admin_set_role', { _user_id: userB.id, _role: 'admin', _granted: true }],
      ['admin_set_role', { _user_id: adminUser.id, _role: 'admin', _granted: false }],
    ] as const;
    for (const [name, args] of calls) {
      const visitor = await stack().client().rpc(name, args);
      expect([visitor.status, visitor.error?.code]).toEqual([401, '42501']);
      const user = await stack().client(userA).rpc(name, args);
      expect([user.status, user.error?.code]).toEqual([403, '42501']);
    }
    const roles = await db().query(
      `select count(*)::int as n from public.user_roles where role = 'admin'`,
    );
    expect(roles.rows).toEqual([{ n: 1 }]);
  });

  it('gives the contact messages to admins only', async () => {
    const visitor = stack().client();
    const user = stack().client(userA);
    const read = await visitor.from('contact_messages').select('id');
    expect([read.status, read.error?.code]).toEqual([401, '42501']);
    const change = await visitor
      .from('contact_messages')
      .update({ status: 'read' })
      .neq('status', 'x');
    expect([change.status, change.error?.code]).toEqual([401, '42501']);
    const remove = await visitor.from('contact_messages').delete().neq('status', 'x');
    expect([remove.status, remove.error?.code]).toEqual([401, '42501']);

    expect((await user.from('contact_messages').select('id')).data).toEqual([]);
    const userChange = await user
      .from('contact_messages')
      .update({ status: 'read' })
      .neq('status', 'x')
      .select('id');
    expect(userChange.data).toEqual([]);
    const userRemove = await user.from('contact_messages').delete().neq('status', 'x').select('id');
    expect(userRemove.data).toEqual([]);

    const admin = stack().client(adminUser);
    const listed = await admin
      .from('contact_messages')
      .select('id, name, status, created_at', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 24);
    expect(listed.count).toBe(3);
    expect((listed.data as { status: string }[]).map((row) => row.status)).toEqual([
      'new',
      'new',
      'new',
    ]);
  });

  it('lets an admin read, handle and delete a message, and count the new ones', async () => {
    const admin = stack().client(adminUser);
    const newCount = async () =>
      (
        await admin
          .from('contact_messages')
          .select('id', { count: 'exact', head: true })
          .eq('status', 'new')
      ).count;
    const bob = await admin.from('contact_messages').select('id').eq('name', 'Bob').single();
    const id = (bob.data as { id: string }).id;
    const before = await newCount();

    const read = await admin
      .from('contact_messages')
      .update({ status: 'read' })
      .eq('id', id)
      .select('status');
    expect(read.data).toEqual([{ status: 'read' }]);
    expect(await newCount()).toBe((before ?? 0) - 1);
    const handled = await admin
      .from('contact_messages')
      .update({ status: 'handled' })
      .eq('id', id)
      .select('status');
    expect(handled.data).toEqual([{ status: 'handled' }]);

    const removed = await admin.from('contact_messages').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([{ id }]);
    expect((await admin.from('contact_messages').select('id').eq('id', id)).data).toEqual([]);
  });
});

describe('the migration of the message states', () => {
  describeOnEachDatabase(
    'answered and archived become handled',
    ({ db }) => {
      let earlier: string;
      beforeAll(async () => {
        earlier = await mkdtemp(path.join(tmpdir(), 'blockademia-admin-people-'));
        const mine = '20261127000003';
        for (const migration of await listMigrations()) {
          if (migration.version < mine) {
            await copyFile(migration.file, path.join(earlier, path.basename(migration.file)));
          }
        }
        await prepareDatabase(db(), { migrationsDir: earlier });
      });
      afterAll(async () => {
        await rm(earlier, { recursive: true, force: true });
      });

      it('keeps new and read, and turns answered and archived into handled', async () => {
        await db().exec(`
          insert into public.contact_messages (name, email, subject, message, status) values
            ('One', 'one@example.test', 'general', 'First message here', 'new'),
            ('Two', 'two@example.test', 'general', 'Second message here', 'read'),
            ('Three', 'three@example.test', 'general', 'Third message here', 'answered'),
            ('Four', 'four@example.test', 'general', 'Fourth message here', 'archived');
        `);
        await prepareDatabase(db());
        const { rows } = await db().query(
          'select name, status from public.contact_messages order by created_at, name',
        );
        expect(rows).toEqual([
          { name: 'Four', status: 'handled' },
          { name: 'One', status: 'new' },
          { name: 'Three', status: 'handled' },
          { name: 'Two', status: 'read' },
        ]);
      });
    },
    { prepare: false },
  );
});
