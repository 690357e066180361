import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  anonClaims,
  attempt,
  claimsOf,
  ids,
  seedContent,
  seedUserRows,
  seedUsers,
  userA,
  userB,
} from './fixtures.ts';

// The account functions: a user's export and deletion, and the admin's users and roles.

const ownedTables = [
  'profiles',
  'user_roles',
  'favorites',
  'contact_messages',
  'learning_progress',
  'learning_step_completions',
  'quiz_attempts',
  'user_badges',
] as const;

describeOnEachDatabase('account functions', ({ db }) => {
  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
    await seedUserRows(db());
  });

  /** Rows per table owned by a user, read by the database owner. */
  async function ownedRows(userId: string): Promise<Record<string, number>> {
    const counts = ownedTables.map(
      (table) => `(select count(*) from public.${table} where user_id = $1) as ${table}`,
    );
    const { rows } = await db().query<Record<string, number>>(
      `select (select count(*) from auth.users where id = $1) as auth_users, ${counts.join(', ')}`,
      [userId],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('no counts');
    return row;
  }

  describe('export_my_data', () => {
    it("contains every row the caller owns and nothing of anyone else's", async () => {
      const exported = await asUser(db(), claimsOf(userA), async (tx) => {
        const { rows } = await tx.query<{ data: Record<string, unknown> }>(
          'select public.export_my_data() as data',
        );
        return rows[0]?.data;
      });
      expect(exported).toMatchObject({
        user: { id: userA.id, email: userA.email },
        profile: { user_id: userA.id, full_name: 'Alice' },
        roles: ['user'],
        favorites: [{ user_id: userA.id, token_id: 'bitcoin' }],
        contact_messages: [{ user_id: userA.id, message: 'Hello from Alice!' }],
        learning_progress: [
          { user_id: userA.id, module_id: ids.modules.beginner, completed_steps: [1] },
        ],
        step_completions: [{ user_id: userA.id, module_id: ids.modules.beginner, position: 1 }],
        quiz_attempts: [{ user_id: userA.id, attempt: 1, score: 1, total: 2 }],
        badges: [{ user_id: userA.id, tier: 'bronze' }],
      });
      const text = JSON.stringify(exported);
      for (const foreign of [
        userB.id,
        userB.email,
        'ethereum',
        'Hello from Bob',
        'Hello from a visitor',
        ids.admin,
      ]) {
        expect(text).not.toContain(foreign);
      }
    });

    it('refuses visitors', async () => {
      const outcome = await attempt(db(), anonClaims, (tx) =>
        tx.query('select public.export_my_data()'),
      );
      expect(outcome).toMatchObject({ ok: false, code: '42501' });
    });
  });

  describe('has_role', () => {
    it('answers a visitor about no one, a user about themselves, an admin about anyone', async () => {
      const ask = (claims: RequestClaims, userId: string, role: string) =>
        attempt(db(), claims, async (tx) => {
          const { rows } = await tx.query<{ answer: boolean }>(
            'select public.has_role($1, $2::public.app_role) as answer',
            [userId, role],
          );
          return rows[0]?.answer;
        });
      expect(await ask(anonClaims, ids.admin, 'admin')).toMatchObject({ ok: false, code: '42501' });
      expect(await ask(claimsOf(userA), ids.userA, 'admin')).toEqual({ ok: true, value: false });
      expect(await ask(claimsOf(userA), ids.userA, 'user')).toEqual({ ok: true, value: true });
      expect(await ask(claimsOf(userA), ids.admin, 'admin')).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await ask(claimsOf(adminUser), ids.userA, 'user')).toEqual({ ok: true, value: true });
      expect(await ask(claimsOf(adminUser), ids.admin, 'admin')).toEqual({ ok: true, value: true });
    });
  });

  describe('admin functions', () => {
    it('refuse a non-admin with 42501', async () => {
      for (const sql of [
        'select * from public.admin_list_users()',
        `select public.admin_set_role('${userA.id}', 'admin', true)`,
      ]) {
        const outcome = await attempt(db(), claimsOf(userA), (tx) => tx.query(sql));
        expect(outcome).toMatchObject({ ok: false, code: '42501' });
      }
      const visitor = await attempt(db(), anonClaims, (tx) =>
        tx.query('select * from public.admin_list_users()'),
      );
      expect(visitor).toMatchObject({ ok: false, code: '42501' });
    });

    it('list every user with their roles for an admin, newest account first', async () => {
      const { rows } = await asUser(db(), claimsOf(adminUser), (tx) =>
        tx.query(
          'select id::text, email, roles::text[] as roles, created_at is not null as dated from public.admin_list_users()',
        ),
      );
      expect(rows).toEqual([
        { id: adminUser.id, email: adminUser.email, roles: ['admin', 'user'], dated: true },
        { id: userB.id, email: userB.email, roles: ['user'], dated: true },
        { id: userA.id, email: userA.email, roles: ['user'], dated: true },
      ]);
    });

    it('grant and revoke roles for an admin, and return the roles afterwards', async () => {
      const setRole = (granted: boolean) =>
        asUser(db(), claimsOf(adminUser), async (tx) => {
          const { rows } = await tx.query<{ roles: string[] }>(
            `select public.admin_set_role($1, 'admin', $2)::text[] as roles`,
            [userB.id, granted],
          );
          return rows[0]?.roles;
        });
      expect(await setRole(true)).toEqual(['admin', 'user']);
      const bIsAdmin = await db().query(`select public.has_role($1, 'admin') as yes`, [userB.id]);
      expect(bIsAdmin.rows).toEqual([{ yes: true }]);
      expect(await setRole(false)).toEqual(['user']);
    });

    it('refuse an admin revoking their own admin role, and unknown users', async () => {
      const self = await attempt(db(), claimsOf(adminUser), (tx) =>
        tx.query(`select public.admin_set_role($1, 'admin', false)`, [adminUser.id]),
      );
      expect(self).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'An admin cannot revoke their own admin role.',
      });
      const unknown = await attempt(db(), claimsOf(adminUser), (tx) =>
        tx.query(`select public.admin_set_role($1, 'user', true)`, [
          '00000000-0000-4000-8000-000000000999',
        ]),
      );
      expect(unknown).toMatchObject({ ok: false, code: 'PT404' });
    });
  });

  describe('delete_my_account', () => {
    it('refuses visitors, and the last admin', async () => {
      const visitor = await attempt(db(), anonClaims, (tx) =>
        tx.query('select public.delete_my_account()'),
      );
      expect(visitor).toMatchObject({ ok: false, code: '42501' });
      const lastAdmin = await attempt(db(), claimsOf(adminUser), (tx) =>
        tx.query('select public.delete_my_account()'),
      );
      expect(lastAdmin).toMatchObject({ ok: false, code: 'P0001' });
      expect((await ownedRows(adminUser.id)).auth_users).toBe(1);
    });

    it("removes every row of the caller and the auth user, and leaves B's rows", async () => {
      const beforeA = await ownedRows(userA.id);
      expect(Object.values(beforeA).every((count) => count > 0)).toBe(true);
      const beforeB = await ownedRows(userB.id);

      await asUser(db(), claimsOf(userA), (tx) => tx.query('select public.delete_my_account()'));

      const afterA = await ownedRows(userA.id);
      expect(Object.values(afterA).every((count) => count === 0)).toBe(true);
      expect(await ownedRows(userB.id)).toEqual(beforeB);
    });
  });
});
