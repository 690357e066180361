import { expect, it } from 'vitest';
import { signJwt } from '../../server/keys.ts';
import { describeOnEachDatabase } from './databases.ts';
import { userA, userB } from './fixtures.ts';
import { seededStack, TEST_JWT_SECRET } from './stack.ts';

// The HTTP edge: who a request runs as (JWT checks), RLS seen through HTTP, CORS, body limits,
// unknown paths, tables and columns, malformed input, and the max_rows cap.

describeOnEachDatabase('REST over HTTP', ({ db }) => {
  const stack = seededStack(db);

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack().url}${path}`, { headers: { apikey: stack().anonKey, ...headers } });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('anon cannot read profiles: 401 42501', async () => {
    const { status, error, data } = await stack().client().from('profiles').select();
    expect([status, error?.code, data]).toEqual([401, '42501', null]);
    expect(error?.message).toBe('permission denied for table profiles');
  });

  it('a user sees only their own favorites; the service role sees all', async () => {
    const a = await stack().client(userA).from('favorites').select('user_id, token_id');
    expect(a.data).toEqual([{ user_id: userA.id, token_id: 'bitcoin' }]);
    const b = await stack().client(userB).from('favorites').select('token_id');
    expect(b.data).toEqual([{ token_id: 'ethereum' }]);
    const all = await stack()
      .client('service')
      .from('favorites')
      .select('token_id', { count: 'exact', head: true });
    expect(all.count).toBe(2);
  });

  it('the service role writes token_market', async () => {
    const { status, error } = await stack()
      .client('service')
      .from('token_market')
      .update({ price_usd: 42 })
      .eq('token_id', 'bitcoin');
    expect([status, error]).toEqual([204, null]);
  });

  it('rejects bad tokens with 401 and PostgREST codes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: userA.id, role: 'authenticated', aud: 'authenticated' };
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const cases: [string, Record<string, string>, string][] = [
      ['garbage', bearer('abc'), 'PGRST301'],
      [
        'wrong secret',
        bearer(signJwt(claims, 'another-secret-another-secret-another')),
        'PGRST301',
      ],
      ['alg none', bearer(none), 'PGRST301'],
      ['expired', bearer(signJwt({ ...claims, exp: now - 120 }, TEST_JWT_SECRET)), 'PGRST303'],
      ['superuser role', bearer(signJwt({ role: 'postgres' }, TEST_JWT_SECRET)), 'PGRST303'],
    ];
    for (const [name, headers, code] of cases) {
      const response = await get('/rest/v1/tokens', headers);
      expect([name, response.status]).toEqual([name, 401]);
      expect(((await response.json()) as { code: string }).code).toBe(code);
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
    }
    const noKey = await fetch(`${stack().url}/rest/v1/tokens`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { message: string }).message).toBe(
      'No API key found in request',
    );
    const badKey = await fetch(`${stack().url}/rest/v1/tokens`, { headers: { apikey: 'nope' } });
    expect(((await badKey.json()) as { message: string }).message).toBe('Invalid API key');
  });

  it('CORS: preflight echoes the requested headers; answers expose Content-Range', async () => {
    const preflight = await fetch(`${stack().url}/rest/v1/tokens`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, prefer, x-client-info',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'apikey, prefer, x-client-info',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    const response = await get('/rest/v1/tokens');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('body over 1 MB: 413 with a JSON error', async () => {
    const response = await fetch(`${stack().url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('PGRST413');
  });

  it('unknown paths, tables, columns and schemas', async () => {
    const other = await get('/nope');
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toContain('application/json');
    expect((await get('/rest/v1/tokens/extra')).status).toBe(404);
    const table = await stack().client().from('nope').select();
    expect([table.status, table.error?.code]).toEqual([404, 'PGRST205']);
    const column = await stack().client().from('tokens').select('nope');
    expect([column.status, column.error?.code]).toEqual([400, '42703']);
    const filterColumn = await stack().client().from('tokens').select().eq('nope', 1);
    expect([filterColumn.status, filterColumn.error?.code]).toEqual([400, '42703']);
    const schema = await stack().client().schema('auth').from('users').select();
    expect([schema.status, schema.error?.code]).toEqual([406, 'PGRST106']);
    const put = await fetch(`${stack().url}/rest/v1/tokens`, {
      method: 'PUT',
      headers: { apikey: stack().anonKey },
    });
    expect(put.status).toBe(405);
  });

  it('malformed input: 400, never 500', async () => {
    const paths = [
      '/rest/v1/tokens?id=zz.1',
      '/rest/v1/tokens?id=eq',
      '/rest/v1/tokens?or=(id.eq.1',
      '/rest/v1/tokens?select=id,(',
      '/rest/v1/tokens?select=id::bad-type',
      '/rest/v1/tokens?order=id.sideways',
      '/rest/v1/tokens?limit=-1',
      '/rest/v1/tokens?rank=eq.notanumber',
      '/rest/v1/tokens?id=is.maybe',
      `/rest/v1/tokens?or=(${'and('.repeat(500)}id.eq.1${')'.repeat(500)})`,
      `/rest/v1/tokens?select=${'token_translations('.repeat(200)}id${')'.repeat(200)}`,
    ];
    for (const path of paths) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 400]);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    const invalidJson = await fetch(`${stack().url}/rest/v1/tokens`, {
      method: 'POST',
      headers: { apikey: stack().serviceKey, 'Content-Type': 'application/json' },
      body: '{"id":',
    });
    expect(invalidJson.status).toBe(400);
    expect(((await invalidJson.json()) as { code: string }).code).toBe('PGRST102');
  });

  it('caps results at 1000 rows while the count sees them all', async () => {
    await db().exec(
      `insert into public.tokens (id, symbol, name) select 'many-' || i, 'M', 'Many' from generate_series(1, 1200) i`,
    );
    const { data, count, status } = await stack()
      .client()
      .from('tokens')
      .select('id', { count: 'exact' });
    expect(data).toHaveLength(1000);
    expect(count).toBe(1202);
    expect(status).toBe(206);
  });
});
