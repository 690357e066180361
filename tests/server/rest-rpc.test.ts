import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, ids, userA } from './fixtures.ts';
import { STATEMENT_TIMEOUTS } from '../../server/rest/service.ts';
import { seededStack, startStack } from './stack.ts';

// /rpc: scalar, set, void and composite results, GET and POST, read-only transactions for
// STABLE functions, raised errors, and the JWT claims a function sees.

const testFunctions = `
  create function public.rest_test_raise() returns int language plpgsql as $$
  begin
    raise exception 'Nope.' using detail = 'Some detail', hint = 'Some hint';
  end $$;
  create function public.rest_test_void() returns void language sql as $$ select $$;
  create function public.rest_test_write() returns int language plpgsql security definer as $$
  begin
    insert into public.tokens (id, symbol, name) values ('sneaky', 'S', 'S');
    return 1;
  end $$;
  create function public.rest_test_numbers(_n int) returns table (n int, label text)
    language sql stable as $$ select i, 'n' || i from generate_series(1, _n) i $$;
  create function public.rest_test_claims() returns jsonb language sql stable as $$
    select jsonb_build_object('jwt', auth.jwt(), 'uid', auth.uid(), 'role', auth.role(),
      'apikey', current_setting('request.headers', true)::json->>'apikey') $$;
  create function public.rest_test_sleep() returns void language sql as $$ select pg_sleep(10) $$;
  create function public.rest_test_timeout() returns text language sql
    as $$ select current_setting('statement_timeout') $$;
  grant execute on function public.rest_test_sleep(), public.rest_test_timeout() to anon;
  grant execute on function public.rest_test_raise(), public.rest_test_void(),
    public.rest_test_write(), public.rest_test_numbers(int), public.rest_test_claims()
    to anon, authenticated;
`;

describeOnEachDatabase('REST rpc', ({ db, target }) => {
  const stack = seededStack(db, { beforeStart: (database) => database.exec(testFunctions) });

  // About the caller's own id (has_role answers a user about nobody else).
  it('has_role answers a bare boolean, by POST and by GET', async () => {
    const post = await stack()
      .client(adminUser)
      .rpc('has_role', { _user_id: ids.admin, _role: 'admin' });
    expect(post.data).toBe(true);
    const get = await stack()
      .client(userA)
      .rpc('has_role', { _user_id: userA.id, _role: 'admin' }, { get: true });
    expect(get.error).toBeNull();
    expect(get.data).toBe(false);
    const raw = await fetch(
      `${stack().url}/rest/v1/rpc/has_role?_user_id=${ids.admin}&_role=admin`,
      {
        headers: {
          apikey: stack().anonKey,
          authorization: `Bearer ${stack().userToken(adminUser)}`,
        },
      },
    );
    expect(await raw.text()).toBe('true');
  });

  it('set-returning functions are arrays that filters, order and limit apply to', async () => {
    const numbers = await stack()
      .client()
      .rpc('rest_test_numbers', { _n: 5 })
      .gte('n', 2)
      .order('n', { ascending: false })
      .limit(2);
    expect(numbers.data).toEqual([
      { n: 5, label: 'n5' },
      { n: 4, label: 'n4' },
    ]);
    const get = await stack()
      .client()
      .rpc('rest_test_numbers', { _n: 2 }, { get: true })
      .select('label');
    expect(get.data).toEqual([{ label: 'n1' }, { label: 'n2' }]);
  });

  it('void: 204 and null data', async () => {
    const result = await stack().client().rpc('rest_test_void');
    expect(result.error).toBeNull();
    expect([result.status, result.data]).toEqual([204, null]);
  });

  // PGlite (one WASM thread, no timer interrupts) does not enforce statement_timeout.
  it("runs anon's calls under Supabase's statement timeout for anon, 3 s", async () => {
    const answer: { data: unknown; error: unknown } = await stack()
      .client()
      .rpc('rest_test_timeout');
    expect(answer).toMatchObject({ data: '3s', error: null });
  });

  it.skipIf(target === 'pglite')('the statement timeout cancels a long call', async () => {
    // The same mechanism with a timeout of 200 ms, so that the test does not wait 3 s.
    const short = await startStack(db(), {
      statementTimeouts: { ...STATEMENT_TIMEOUTS, anon: '200ms' },
    });
    try {
      // 57014 is query_canceled: the call was stopped, not left to finish its ten seconds.
      const { error } = await short.client().rpc('rest_test_sleep');
      expect(error?.code).toBe('57014');
    } finally {
      await short.close();
    }
  });

  it('unknown function: 404 PGRST202', async () => {
    const { status, error } = await stack().client().rpc('nope', { a: 1 });
    expect([status, error?.code]).toEqual([404, 'PGRST202']);
  });

  it('RAISE EXCEPTION: 400 P0001 with message, details and hint', async () => {
    const { status, error } = await stack().client().rpc('rest_test_raise');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Nope.',
      details: 'Some detail',
      hint: 'Some hint',
    });
  });

  it('GET runs read-only: a writing function fails with 405 25006; POST writes', async () => {
    // Postgres itself refuses writes inside STABLE functions (0A000), so read-only is shown with
    // GET, which PostgREST runs in a READ ONLY transaction like STABLE calls.
    const { status, error } = await stack().client().rpc('rest_test_write', {}, { get: true });
    expect([status, error?.code]).toEqual([405, '25006']);
    const rows = async () =>
      (await db().query(`select 1 from public.tokens where id = 'sneaky'`)).rows;
    expect(await rows()).toEqual([]);
    const post = await stack().client().rpc('rest_test_write');
    expect(post.error).toBeNull();
    expect(post.data).toBe(1);
    expect(await rows()).toHaveLength(1);
  });

  it('functions see the JWT claims and request headers', async () => {
    const response = await stack().client(userA).rpc('rest_test_claims');
    const claims = response.data as {
      jwt: Record<string, unknown>;
      uid: string;
      role: string;
      apikey: string;
    };
    expect(claims.uid).toBe(userA.id);
    expect(claims.role).toBe('authenticated');
    expect(claims.jwt).toMatchObject({
      sub: userA.id,
      aud: 'authenticated',
      email: userA.email,
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.apikey).toBe(stack().anonKey);
    const anon = (await stack().client().rpc('rest_test_claims')).data as {
      uid: string | null;
      role: string;
    };
    expect([anon.uid, anon.role]).toEqual([null, 'anon']);
  });

  it('admin-only functions: 403 42501 for a user, rows for the admin', async () => {
    const user = await stack().client(userA).rpc('admin_list_users');
    expect([user.status, user.error?.code]).toEqual([403, '42501']);
    const admin = await stack().client(adminUser).rpc('admin_list_users');
    expect((admin.data as unknown[]).length).toBe(3);
    const anon = await stack().client().rpc('admin_list_users');
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
  });
});
