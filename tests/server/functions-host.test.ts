import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FunctionHandler } from '../../server/functions/service.ts';
import { signJwt } from '../../server/keys.ts';
import { describeOnEachDatabase } from './databases.ts';
import { userA } from './fixtures.ts';
import { startStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';

// The functions host: preflight, verify_jwt, unknown names, and the request and response
// handed through unchanged, with stub handlers in place of the real functions.

describeOnEachDatabase('functions: host', ({ db }) => {
  let stack: TestStack;
  const echo: FunctionHandler = async (request) => {
    const body = await request.text();
    return new Response(
      JSON.stringify({
        method: request.method,
        path: new URL(request.url).pathname,
        query: new URL(request.url).search,
        authorization: request.headers.get('authorization')?.slice(0, 7),
        custom: request.headers.get('x-custom'),
        body,
      }),
      { status: 201, headers: { 'content-type': 'application/json', 'x-echo': 'yes' } },
    );
  };
  const functions: Record<string, FunctionHandler> = {
    echo,
    text: () =>
      Promise.resolve(new Response('plain words', { headers: { 'content-type': 'text/plain' } })),
    boom: () => Promise.reject(new Error('secret detail at /somewhere')),
    teapot: () => Promise.resolve(Response.json({ error: 'boom' }, { status: 500 })),
  };
  const url = (name: string): string => `${stack.url}/functions/v1/${name}`;

  beforeAll(async () => {
    stack = await startStack(db(), {
      functions,
    });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('answers CORS preflights without a token', async () => {
    for (const headers of [
      { origin: 'http://app.test', 'access-control-request-method': 'POST' },
      {} as Record<string, string>,
    ]) {
      const response = await fetch(url('echo'), { method: 'OPTIONS', headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = response.headers.get('access-control-allow-headers') ?? '';
      for (const name of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
        expect(allowed).toContain(name);
      }
    }
  });

  it('verifies the JWT like verify_jwt: missing, malformed, forged or expired → 401', async () => {
    const forged = signJwt({ role: 'service_role' }, 'another-secret-of-at-least-32-characters!');
    const expired = signJwt(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) - 3600 },
      TEST_JWT_SECRET,
    );
    const cases: [Record<string, string>, string][] = [
      [{}, 'Error: Missing authorization header'],
      [{ authorization: `Basic ${stack.anonKey}` }, "Auth header is not 'Bearer {token}'"],
      [{ authorization: `Bearer ${forged}` }, 'Invalid JWT'],
      [{ authorization: `Bearer ${expired}` }, 'Invalid JWT'],
    ];
    for (const [headers, msg] of cases) {
      const response = await fetch(url('echo'), { method: 'POST', headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg });
    }
  });

  it('hands the request through and the response back to supabase-js', async () => {
    const result: { data: unknown; error: unknown } = await stack
      .client(userA)
      .functions.invoke<unknown>('echo/sub?x=1', {
        body: { hello: 'world' },
        headers: { 'x-custom': 'kept' },
      });
    const { data, error } = result;
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      path: '/echo/sub',
      query: '?x=1',
      authorization: 'Bearer ',
      custom: 'kept',
      body: '{"hello":"world"}',
    });
    const get = await fetch(url('echo'), { headers: { authorization: `Bearer ${stack.anonKey}` } });
    expect(get.status).toBe(201);
    expect(get.headers.get('x-echo')).toBe('yes');
    expect(await get.json()).toMatchObject({ method: 'GET', body: '' });
    expect(await stack.client().functions.invoke<unknown>('text')).toMatchObject({
      data: 'plain words',
    });
  });

  it('answers 404 for an unknown function, and 500 without details when a handler throws', async () => {
    const missing = await stack.client().functions.invoke<unknown>('nope');
    expect(missing.error).toBeInstanceOf(FunctionsHttpError);
    expect(((missing.error as FunctionsHttpError).context as Response).status).toBe(404);
    expect(
      await fetch(url('__proto__'), {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.anonKey}` },
      }).then((r) => r.status),
    ).toBe(404);

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const thrown = await stack.client().functions.invoke<unknown>('boom');
      const response = (thrown.error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('{"error":"internal_error"}');
      expect(log).toHaveBeenCalledOnce();
      expect(String(log.mock.calls[0]?.[0])).not.toContain(stack.anonKey);
    } finally {
      log.mockRestore();
    }

    const teapot = await stack.client().functions.invoke<unknown>('teapot');
    expect(await ((teapot.error as FunctionsHttpError).context as Response).json()).toEqual({
      error: 'boom',
    });
  });
});
