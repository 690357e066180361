import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestClaims } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  anonClaims,
  attempt,
  claimsOf,
  serviceClaims,
  userA,
  userB,
  type TestUser,
} from './fixtures.ts';
import { png, storageStack } from './storage-stack.ts';

// Nobody but an admin can tell who the admins are (supabase/migrations/*_hide_admins.sql):
// has_role answers an API caller about their own id only, unless the caller is an admin, and a
// listing of the public `avatars` bucket shows a person their own folder only, while every
// avatar is still served by its public URL. In SQL as each role, then over HTTP with supabase-js.

describeOnEachDatabase('admins hidden: has_role and the avatars listing', ({ db }) => {
  const stack = storageStack(db);
  const hasRole = (claims: RequestClaims, userId: string | null, role: 'admin' | 'user') =>
    attempt(
      db(),
      claims,
      async (tx) =>
        (
          await tx.query<{ answer: boolean }>(`select public.has_role($1, $2) as answer`, [
            userId,
            role,
          ])
        ).rows[0]?.answer,
    );

  describe('has_role in SQL', () => {
    it('answers anyone about their own id, and a visitor (no id) false', async () => {
      expect(await hasRole(claimsOf(userA), userA.id, 'user')).toEqual({ ok: true, value: true });
      expect(await hasRole(claimsOf(userA), userA.id, 'admin')).toEqual({
        ok: true,
        value: false,
      });
      expect(await hasRole(claimsOf(adminUser), adminUser.id, 'admin')).toEqual({
        ok: true,
        value: true,
      });
      expect(await hasRole(anonClaims, null, 'admin')).toEqual({ ok: true, value: false });
    });

    it.each([
      ['a visitor', anonClaims],
      ['a signed-in user', claimsOf(userB)],
    ])('refuses %s asking about someone else with 42501', async (_who, claims) => {
      for (const [id, role] of [
        [adminUser.id, 'admin'],
        [userA.id, 'admin'],
        [userA.id, 'user'],
      ] as const) {
        const outcome = await hasRole(claims, id, role);
        expect(outcome).toMatchObject({ ok: false, code: '42501' });
        if (!outcome.ok) expect(outcome.message).toMatch(/own id/);
      }
    });

    it('answers an admin and the service role about anyone', async () => {
      for (const claims of [claimsOf(adminUser), serviceClaims]) {
        expect(await hasRole(claims, userA.id, 'admin')).toEqual({ ok: true, value: false });
        expect(await hasRole(claims, userA.id, 'user')).toEqual({ ok: true, value: true });
        expect(await hasRole(claims, adminUser.id, 'admin')).toEqual({ ok: true, value: true });
      }
    });

    it('answers SQL run outside a request (no role switched to) about anyone', async () => {
      const { rows } = await db().query(`select public.has_role($1, 'admin') as answer`, [
        adminUser.id,
      ]);
      expect(rows).toEqual([{ answer: true }]);
    });

    it("keeps the admin-only policies working: they ask about the caller's own id", async () => {
      const profiles = (claims: RequestClaims) =>
        attempt(
          db(),
          claims,
          async (tx) =>
            (await tx.query<{ n: number }>(`select count(*)::int as n from public.profiles`))
              .rows[0]?.n,
        );
      expect(await profiles(claimsOf(adminUser))).toEqual({ ok: true, value: 3 });
      expect(await profiles(claimsOf(userA))).toEqual({ ok: true, value: 1 });
    });
  });

  describe('the avatars bucket', () => {
    const upload = async (user: TestUser) => {
      const { error } = await stack()
        .client(user)
        .storage.from('avatars')
        .upload(`${user.id}/avatar.png`, png(), { contentType: 'image/png' });
      expect(error).toBeNull();
    };
    beforeAll(async () => {
      await upload(userA);
      await upload(adminUser);
    });

    it('in SQL, shows a visitor nothing and each user their own folder only', async () => {
      const names = (claims: RequestClaims) =>
        attempt(db(), claims, async (tx) =>
          (
            await tx.query<{ name: string }>(
              `select name from storage.objects where bucket_id = 'avatars' order by name`,
            )
          ).rows.map((row) => row.name),
        );
      expect(await names(anonClaims)).toEqual({ ok: true, value: [] });
      expect(await names(claimsOf(userA))).toEqual({
        ok: true,
        value: [`${userA.id}/avatar.png`],
      });
      expect(await names(claimsOf(userB))).toEqual({ ok: true, value: [] });
      expect(await names(claimsOf(adminUser))).toEqual({
        ok: true,
        value: [`${adminUser.id}/avatar.png`],
      });
    });

    it('lists to a visitor and to another user no folder, and to the owner their own', async () => {
      for (const as of ['anon', userB] as const) {
        const avatars = stack().client(as).storage.from('avatars');
        expect(await avatars.list()).toEqual({ data: [], error: null });
        expect(await avatars.list(adminUser.id)).toEqual({ data: [], error: null });
      }
      const own = stack().client(userA).storage.from('avatars');
      expect((await own.list()).data?.map((entry) => entry.name)).toEqual([userA.id]);
      expect((await own.list(userA.id)).data?.map((entry) => entry.name)).toEqual(['avatar.png']);
    });

    it("serves anyone's avatar by its public URL, with no key", async () => {
      for (const user of [userA, adminUser]) {
        const { publicUrl } = stack()
          .client('anon')
          .storage.from('avatars')
          .getPublicUrl(`${user.id}/avatar.png`).data;
        const response = await fetch(publicUrl);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(png());
      }
    });
  });

  describe('has_role over HTTP', () => {
    const ask = (as: 'anon' | TestUser, userId: string) =>
      stack().client(as).rpc('has_role', { _user_id: userId, _role: 'admin' });

    it('refuses a visitor (401) and a user (403) asking about the admin, with 42501', async () => {
      const byVisitor = await ask('anon', adminUser.id);
      expect({ status: byVisitor.status, code: byVisitor.error?.code }).toEqual({
        status: 401,
        code: '42501',
      });
      const byUser = await ask(userB, adminUser.id);
      expect({ status: byUser.status, code: byUser.error?.code }).toEqual({
        status: 403,
        code: '42501',
      });
    });

    it('answers a user about themselves, and an admin about anyone', async () => {
      expect((await ask(userB, userB.id)).data).toBe(false);
      expect((await ask(adminUser, adminUser.id)).data).toBe(true);
      expect((await ask(adminUser, userA.id)).data).toBe(false);
    });
  });
});
