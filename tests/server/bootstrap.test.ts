import { expect, it } from 'vitest';
import { asUser } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  anonClaims,
  attempt,
  claimsOf,
  seedUsers,
  serviceClaims,
  sqlState,
  userA,
} from './fixtures.ts';

// What hosted Supabase already has, as the bootstrap recreates it, and the per-request context
// (role + claims) that the REST layer will use.

describeOnEachDatabase('bootstrap and request context', ({ db }) => {
  it('creates the platform roles with the attributes that matter', async () => {
    const { rows } = await db().query<{
      rolname: string;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
    }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin',
                         'supabase_storage_admin', 'supabase_admin', 'dashboard_user')
       order by rolname`,
    );
    expect(rows.map((row) => row.rolname)).toEqual([
      'anon',
      'authenticated',
      'authenticator',
      'dashboard_user',
      'service_role',
      'supabase_admin',
      'supabase_auth_admin',
      'supabase_storage_admin',
    ]);
    expect(rows.filter((row) => row.rolbypassrls).map((row) => row.rolname)).toEqual([
      'service_role',
    ]);
    const memberships = await db().query<{ role: string; member: boolean }>(
      `select r as role, pg_has_role('authenticator', r, 'member') as member
       from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    );
    expect(memberships.rows.every((row) => row.member)).toBe(true);
  });

  it('installs pgcrypto and uuid-ossp in the extensions schema', async () => {
    const { rows } = await db().query<{ extname: string; schema: string }>(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension
       where extname in ('pgcrypto', 'uuid-ossp') order by extname`,
    );
    expect(rows).toEqual([
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
    const hashed = await db().query<{ ok: boolean; uuid: string }>(
      `select extensions.crypt('pw', h) = h as ok, extensions.uuid_generate_v4()::text as uuid
       from (select extensions.crypt('pw', extensions.gen_salt('bf', 4)) as h) as s`,
    );
    expect(hashed.rows[0]?.ok).toBe(true);
    expect(hashed.rows[0]?.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the auth tables behind RLS with no privilege for the API roles', async () => {
    const { rows } = await db().query<{ table: string; rls: boolean; granted: boolean }>(
      `select c.relname as table, c.relrowsecurity as rls,
              exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) as r
                      where has_table_privilege(r, c.oid, 'select, insert, update, delete')) as granted
       from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([
      'flow_state',
      'identities',
      'one_time_tokens',
      'refresh_tokens',
      'sessions',
      'users',
    ]);
    expect(rows.filter((row) => !row.rls || row.granted)).toEqual([]);
    const denied = await attempt(db(), claimsOf(userA), (tx) =>
      tx.query('select * from auth.users'),
    );
    expect(denied).toMatchObject({ ok: false, code: '42501' });
  });

  it('has the storage tables, helpers and the realtime publication', async () => {
    const helpers = await db().query(
      `select storage.foldername('u1/avatars/pic.png') as folders, storage.filename('u1/avatars/pic.png') as file,
              storage.extension('u1/a.tar.gz') as ext, storage.foldername('top.png') as top`,
    );
    expect(helpers.rows[0]).toEqual({
      folders: ['u1', 'avatars'],
      file: 'pic.png',
      ext: 'gz',
      top: [],
    });
    const rls = await db().query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'storage'::regnamespace
       and relkind = 'r' and relrowsecurity order by 1`,
    );
    expect(rls.rows.map((row) => row.relname)).toEqual(['buckets', 'objects']);
    const publication = await db().query(
      `select 1 from pg_publication where pubname = 'supabase_realtime'`,
    );
    expect(publication.rows).toHaveLength(1);
  });

  it('sets role and claims for the transaction only, and auth.* reads them', async () => {
    const inside = await asUser(db(), claimsOf(userA), async (tx) => {
      const { rows } = await tx.query(
        `select current_user as role, auth.uid()::text as uid, auth.role() as claim_role,
                auth.email() as email, auth.jwt() ->> 'aud' as aud`,
      );
      return rows[0];
    });
    expect(inside).toEqual({
      role: 'authenticated',
      uid: userA.id,
      claim_role: 'authenticated',
      email: userA.email,
      aud: 'authenticated',
    });
    const after = await db().query(
      `select current_user = session_user as restored,
              nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows[0]).toEqual({ restored: true, claims: null });
  });

  it('gives anon no uid, and honours the legacy per-claim setting the storage service sets', async () => {
    const anon = await attempt(
      db(),
      anonClaims,
      async (tx) => (await tx.query('select auth.uid() as uid')).rows[0],
    );
    expect(anon).toEqual({ ok: true, value: { uid: null } });
    const legacy = await attempt(db(), serviceClaims, async (tx) => {
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [userA.id]);
      return (await tx.query('select auth.uid()::text as uid')).rows[0];
    });
    expect(legacy).toEqual({ ok: true, value: { uid: userA.id } });
  });

  it('rolls back everything done as a user when the function throws', async () => {
    await seedUsers(db());
    await expect(
      asUser(db(), claimsOf(userA), async (tx) => {
        await tx.query(`update public.profiles set bio = 'changed' where user_id = $1`, [userA.id]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db().query(`select bio from public.profiles where user_id = $1`, [
      userA.id,
    ]);
    expect(rows).toEqual([{ bio: null }]);
  });

  it('refuses any role but anon, authenticated and service_role, before touching the database', async () => {
    for (const role of ['postgres', 'supabase_admin', 'authenticated"; drop table x; --', '']) {
      await expect(asUser(db(), { role }, async () => 'ran')).rejects.toThrow(
        /Refusing to run as role/,
      );
    }
    const error = await asUser(db(), anonClaims, (tx) =>
      tx.query('select * from public.user_roles'),
    ).catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe('42501');
  });
});
