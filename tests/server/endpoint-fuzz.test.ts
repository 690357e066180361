import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authService } from '../../server/auth/service.ts';
import { signJwt } from '../../server/keys.ts';
import { createOutbox, mailService } from '../../server/mail/outbox.ts';
import { PASSWORD, SITE_URL } from './auth-stack.ts';
import { describeOnEachDatabase } from './databases.ts';
import { ids, seedUsers, userA, userB } from './fixtures.ts';
import { startStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';
import { gif, png } from './storage-stack.ts';

// Property-based fuzz of every /auth/v1 and /storage/v1 endpoint (fast-check, seeded): random
// bodies (JSON of the fields each endpoint reads, with NUL characters, odd types, long and deep
// values; broken JSON; raw and multipart uploads), random bucket and object names (`..`, NUL,
// bad escapes, segments longer than a file name may be), random query parameters and every kind
// of caller. A client can be wrong in every way here, and the server must say so with a 4xx:
// the run fails on the first 5xx, printing the seed and the request. The database must still
// answer afterwards.

const SEED = 20261130;
const RUNS = 300;

type Who = 'none' | 'anon' | 'service' | 'user' | 'garbage';

interface Call {
  method: string;
  path: string;
  query: [string, string][];
  who: Who;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A text a client might put anywhere: ordinary, hostile, long, or one the endpoints know. */
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b@example.test',
      userA.email,
      'fuzz@example.test',
      PASSWORD,
      `${PASSWORD}\u0000`,
      'password',
      ids.userA,
      ids.userB,
      '../../etc/passwd',
      '%00',
      'é'.repeat(200),
      'x'.repeat(5000),
      'signup',
      'recovery',
      'magiclink',
      'invite',
      'email_change',
      'email',
      's256',
      'plain',
      'A'.repeat(43),
      'http://127.0.0.1:3000/next',
      'http://evil.test/',
      'avatars',
      'image/png',
      'text/html',
      'name',
      'created_at',
      'desc',
      '123456',
      '\\u0000',
      "'; drop table auth.users; --",
    ),
  },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 53, 1e308, 0.5, 3600, 604800) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(text, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value a field should not hold: a NUL, the wrong type, a long or deeply nested value. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  {
    weight: 3,
    arbitrary: fc.tuple(text, text).map(([before, after]) => `${before}\u0000${after}`),
  },
  { weight: 2, arbitrary: jsonValue },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 2, max: 3000 })
      .map((depth) => JSON.parse(nested(depth)) as unknown),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.oneof(text, fc.constant('k\u0000')), leaf, { maxKeys: 2 }),
  },
);

/** Bodies no endpoint can read. */
const brokenBody: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '42',
    '{"a":1}{"b":2}',
    '\u0000',
    `{"email": ${nested(3000)}}`,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/**
 * A body as the endpoint expects it (the template), with up to two fields, known or not,
 * replaced by hostile values; now and then a body no endpoint can read.
 */
function bodyFrom(
  template: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<string | undefined> {
  const changed = template.chain((fields) =>
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(fields), 'extra'), text), hostile), {
        maxLength: 2,
      })
      .map((changes) => JSON.stringify({ ...fields, ...Object.fromEntries(changes) })),
  );
  return fc.oneof({ weight: 12, arbitrary: changed }, { weight: 1, arbitrary: brokenBody });
}

const none = fc.constant<Record<string, unknown>>({});

/** Stray query parameters, sometimes hostile, after the ones an endpoint reads. */
const strayQuery: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(fc.constantFrom('redirect_to', 'type', 'token', 'x'), text),
  { maxLength: 2 },
);

const who: fc.Arbitrary<Who> = fc.constantFrom('none', 'anon', 'service', 'user', 'garbage');

interface Route {
  method: string;
  path: string;
  /** Who usually calls it; a random caller now and then. */
  caller: Who;
  query?: fc.Arbitrary<[string, string][]>;
  body?: fc.Arbitrary<Record<string, unknown>>;
}

const freshEmail = fc.nat({ max: 999_999 }).map((n) => `fuzz${n}@example.test`);
const email = fc.oneof(
  { weight: 4, arbitrary: freshEmail },
  { weight: 1, arbitrary: fc.constantFrom(userA.email, userB.email) },
);
const metadata = fc.dictionary(fc.constantFrom('full_name', 'language', 'avatar'), text, {
  maxKeys: 2,
});
const emailType = fc.constantFrom('signup', 'recovery', 'magiclink', 'invite', 'email_change', 'x');
const grant = (type: string) => fc.constant<[string, string][]>([['grant_type', type]]);
const adminUserId = fc.oneof(
  fc.constantFrom(ids.userA, ids.admin, 'not-a-uuid', '%00', 'x'.repeat(300)),
  fc.uuid(),
);

const AUTH_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/signup',
    caller: 'anon',
    body: fc.record({ email, password: fc.constantFrom(PASSWORD, 'weak'), data: metadata }),
  },
  {
    method: 'POST',
    path: '/token',
    caller: 'anon',
    query: grant('password'),
    body: fc.record({ email, password: fc.constantFrom('password', PASSWORD) }),
  },
  {
    method: 'POST',
    path: '/token',
    caller: 'anon',
    query: grant('refresh_token'),
    body: fc.record({ refresh_token: text }),
  },
  {
    method: 'POST',
    path: '/token',
    caller: 'anon',
    query: grant('pkce'),
    body: fc.record({ auth_code: fc.uuid(), code_verifier: fc.constant('A'.repeat(43)) }),
  },
  {
    method: 'POST',
    path: '/logout',
    caller: 'user',
    query: fc.constantFrom<[string, string][]>([['scope', 'others']], [['scope', 'x']], []),
  },
  { method: 'GET', path: '/user', caller: 'user' },
  {
    method: 'PUT',
    path: '/user',
    caller: 'user',
    body: fc.record(
      { data: metadata, email, password: fc.constant(PASSWORD), current_password: text },
      { requiredKeys: ['data'] },
    ),
  },
  {
    method: 'GET',
    path: '/verify',
    caller: 'none',
    query: fc.tuple(text, emailType, text).map(([token, type, to]) => [
      ['token', token],
      ['type', type],
      ['redirect_to', to],
    ]),
  },
  {
    method: 'POST',
    path: '/verify',
    caller: 'anon',
    body: fc.record(
      { type: emailType, token_hash: text, token: fc.constant('123456'), email },
      { requiredKeys: ['type'] },
    ),
  },
  { method: 'POST', path: '/recover', caller: 'anon', body: fc.record({ email }) },
  {
    method: 'POST',
    path: '/resend',
    caller: 'anon',
    body: fc.record({ type: fc.constantFrom('signup', 'email_change', 'sms'), email }),
  },
  {
    method: 'POST',
    path: '/otp',
    caller: 'anon',
    body: fc.record({ email, create_user: fc.boolean(), data: metadata }),
  },
  {
    method: 'POST',
    path: '/invite',
    caller: 'service',
    body: fc.record({ email, data: metadata }),
  },
  { method: 'GET', path: '/settings', caller: 'anon' },
  { method: 'GET', path: '/health', caller: 'none' },
  {
    method: 'GET',
    path: '/admin/users',
    caller: 'service',
    query: fc.tuple(text, text).map(([page, perPage]) => [
      ['page', page],
      ['per_page', perPage],
    ]),
  },
  {
    method: 'POST',
    path: '/admin/users',
    caller: 'service',
    body: fc.record(
      {
        email,
        password: fc.constant(PASSWORD),
        user_metadata: metadata,
        app_metadata: metadata,
        email_confirm: fc.boolean(),
        id: fc.uuid(),
      },
      { requiredKeys: ['email'] },
    ),
  },
  {
    method: 'POST',
    path: '/admin/generate_link',
    caller: 'service',
    body: fc.record(
      {
        type: emailType,
        email,
        password: fc.constant(PASSWORD),
        new_email: email,
        data: metadata,
        redirect_to: text,
      },
      { requiredKeys: ['type', 'email'] },
    ),
  },
  { method: 'GET', path: '/admin/users/{id}', caller: 'service' },
  {
    method: 'PUT',
    path: '/admin/users/{id}',
    caller: 'service',
    body: fc.record(
      { email, user_metadata: metadata, app_metadata: metadata, email_confirm: fc.boolean() },
      { requiredKeys: [] },
    ),
  },
  { method: 'DELETE', path: '/admin/users/{id}', caller: 'service' },
  { method: 'PATCH', path: '/signup', caller: 'anon', body: none },
  { method: 'GET', path: '/nothing-here', caller: 'anon' },
];

/** A caller: mostly the one the route expects, now and then anyone. */
const callerOf = (usual: Who): fc.Arbitrary<Who> =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: who });

function callOf(route: Route, path: fc.Arbitrary<string>): fc.Arbitrary<Call> {
  return fc
    .record({
      path,
      who: callerOf(route.caller),
      query: fc
        .tuple(route.query ?? fc.constant<[string, string][]>([]), strayQuery)
        .map(([own, stray]) => [...own, ...stray]),
      body: route.body === undefined ? fc.constant(undefined) : bodyFrom(route.body),
      version: fc.boolean(),
    })
    .map(({ path: concrete, who: caller, query, body, version }) => ({
      method: route.method,
      path: concrete,
      query,
      who: caller,
      headers: {
        'content-type': 'application/json',
        ...(version ? { 'x-supabase-api-version': '2024-01-01' } : {}),
      },
      body,
    }));
}

const authCall: fc.Arbitrary<Call> = fc.oneof(
  ...AUTH_ROUTES.map((route) =>
    callOf(
      route,
      route.path.includes('{id}')
        ? adminUserId.map((id) => `/auth/v1${route.path.replace('{id}', id)}`)
        : fc.constant(`/auth/v1${route.path}`),
    ),
  ),
);

/** An object name as a client means it: mostly ordinary, sometimes with a hostile segment. */
const rawSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('a.png', 'b.gif', 'x', 'folder', ids.userB) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '',
      '\u0000',
      'a\u0001b',
      'é'.repeat(130),
      'x'.repeat(300),
      'a\\b',
    ),
  },
  { weight: 1, arbitrary: text },
);
const rawName = fc
  .array(rawSegment, { minLength: 1, maxLength: 3 })
  .map((segments) => segments.join('/'));
/** The same in a URL path; now and then an escape the server cannot decode. */
const pathName = fc.oneof(
  {
    weight: 8,
    arbitrary: rawName.map((name) => name.split('/').map(encodeURIComponent).join('/')),
  },
  { weight: 1, arbitrary: fc.constantFrom('%zz', 'a/%', '%2e%2e/x', '%2F', '%00') },
);
const bucketId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('avatars', 'fuzz', 'fuzz-private') },
  { weight: 1, arbitrary: fc.constantFrom('public', 'sign', '..', 'a'.repeat(70), 'fuzz-new') },
  { weight: 1, arbitrary: text },
);
const pathBucket = bucketId.map(encodeURIComponent);

const STORAGE_ROUTES: Route[] = [
  { method: 'GET', path: '/bucket', caller: 'service' },
  {
    method: 'POST',
    path: '/bucket',
    caller: 'service',
    body: fc.record(
      {
        id: bucketId,
        name: bucketId,
        public: fc.boolean(),
        file_size_limit: fc.oneof(fc.nat(), fc.constantFrom('1MB', '10 GB', 'lots')),
        allowed_mime_types: fc.array(fc.constantFrom('image/png', 'image/*', 'text/plain')),
      },
      { requiredKeys: ['id'] },
    ),
  },
  { method: 'GET', path: '/bucket/{b}', caller: 'service' },
  {
    method: 'PUT',
    path: '/bucket/{b}',
    caller: 'service',
    body: fc.record(
      {
        public: fc.boolean(),
        file_size_limit: fc.oneof(fc.nat(), fc.constantFrom('1MB', 'lots')),
        allowed_mime_types: fc.array(fc.constantFrom('image/png', 'image/*')),
      },
      { requiredKeys: [] },
    ),
  },
  { method: 'DELETE', path: '/bucket/{b}', caller: 'service' },
  { method: 'POST', path: '/bucket/{b}/empty', caller: 'service', body: none },
  { method: 'GET', path: '/object/{b}/{n}', caller: 'service' },
  { method: 'HEAD', path: '/object/{b}/{n}', caller: 'service' },
  { method: 'GET', path: '/object/public/{b}/{n}', caller: 'none' },
  { method: 'GET', path: '/object/authenticated/{b}/{n}', caller: 'user' },
  { method: 'GET', path: '/object/info/{b}/{n}', caller: 'service' },
  {
    method: 'POST',
    path: '/object/list/{b}',
    caller: 'service',
    body: fc.record(
      {
        prefix: rawName,
        limit: fc.integer({ min: -5, max: 2000 }),
        offset: fc.integer({ min: -5, max: 50 }),
        sortBy: fc.record({
          column: fc.constantFrom('name', 'created_at', 'updated_at', 'x'),
          order: fc.constantFrom('asc', 'desc', 'x'),
        }),
        search: text,
      },
      { requiredKeys: [] },
    ),
  },
  {
    method: 'POST',
    path: '/object/sign/{b}/{n}',
    caller: 'service',
    body: fc.record({ expiresIn: fc.oneof(fc.integer({ min: -5, max: 10 ** 9 }), text) }),
  },
  {
    method: 'POST',
    path: '/object/sign/{b}',
    caller: 'service',
    body: fc.record({
      expiresIn: fc.integer({ min: 1, max: 3600 }),
      paths: fc.array(rawName, { maxLength: 3 }),
    }),
  },
  {
    method: 'GET',
    path: '/object/sign/{b}/{n}',
    caller: 'none',
    query: text.map((token) => [['token', token]]),
  },
  { method: 'POST', path: '/object/upload/sign/{b}/{n}', caller: 'service', body: none },
  {
    method: 'DELETE',
    path: '/object/{b}',
    caller: 'service',
    body: fc.record({ prefixes: fc.array(rawName, { maxLength: 3 }) }),
  },
  ...['move', 'copy'].map((action): Route => ({
    method: 'POST',
    path: `/object/${action}`,
    caller: 'service',
    body: fc.record(
      {
        bucketId,
        sourceKey: rawName,
        destinationKey: rawName,
        destinationBucket: bucketId,
        copyMetadata: fc.boolean(),
      },
      { requiredKeys: ['bucketId', 'sourceKey', 'destinationKey'] },
    ),
  })),
  { method: 'PATCH', path: '/object/{b}/{n}', caller: 'service', body: none },
  { method: 'GET', path: '/nothing-here', caller: 'service' },
];

const storagePath = (path: string): fc.Arbitrary<string> =>
  fc
    .tuple(pathBucket, pathName)
    .map(([b, n]) => `/storage/v1${path.replace('{b}', b).replace('{n}', n)}`);

const uploadBody: fc.Arbitrary<{ body: Uint8Array | string; type: string | undefined }> = fc.oneof(
  fc.record({
    body: fc.constantFrom(new Uint8Array(png()), new Uint8Array(gif()), new Uint8Array(0)),
    type: fc.constantFrom(undefined, 'image/png', 'image/gif', 'text/html', 'nonsense', ''),
  }),
  fc.record({
    body: fc.uint8Array({ maxLength: 64 }),
    type: fc.constantFrom(undefined, 'application/octet-stream', 'image/png'),
  }),
  fc.record({
    body: fc
      .tuple(
        fc.constantFrom('metadata', 'cacheControl', 'contentType', ''),
        fc.oneof(
          text,
          hostile.map((v) => JSON.stringify(v)),
        ),
      )
      .map(
        ([field, value]) =>
          `--B\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
          `--B\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\n` +
          `Content-Type: image/png\r\n\r\nPNG\r\n--B--\r\n`,
      ),
    type: fc.constantFrom('multipart/form-data; boundary=B', 'multipart/form-data'),
  }),
);

const metadataHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: hostile.map((value) => Buffer.from(JSON.stringify(value)).toString('base64')),
  },
  { weight: 1, arbitrary: fc.constantFrom('!!not base64!!', '') },
);

/** Uploads: raw bytes or multipart, with the headers storage-js sends (and wrong ones). */
const uploadCall: fc.Arbitrary<Call> = fc
  .record({
    method: fc.constantFrom('POST', 'PUT'),
    signed: fc.boolean(),
    path: fc.tuple(pathBucket, pathName),
    who: callerOf('service'),
    upload: uploadBody,
    upsert: fc.constantFrom(undefined, 'true', 'false'),
    metadata: metadataHeader,
    token: text,
  })
  .map(({ method, signed, path: [b, n], who: caller, upload, upsert, metadata, token }) => ({
    method,
    path: `/storage/v1/object/${signed ? 'upload/sign/' : ''}${b}/${n}`,
    query: signed ? [['token', token] as [string, string]] : [],
    who: caller,
    headers: {
      ...(upload.type === undefined ? {} : { 'content-type': upload.type }),
      ...(upsert === undefined ? {} : { 'x-upsert': upsert }),
      ...(metadata === undefined ? {} : { 'x-metadata': metadata }),
    },
    body: upload.body,
  }));

const storageCall: fc.Arbitrary<Call> = fc.oneof(
  { weight: 4, arbitrary: uploadCall },
  ...STORAGE_ROUTES.map((route) => ({
    weight: 1,
    arbitrary: callOf(route, storagePath(route.path)).map((call) =>
      call.method === 'GET' || call.method === 'HEAD' ? { ...call, body: undefined } : call,
    ),
  })),
);

describeOnEachDatabase('auth and storage endpoints never answer 5xx (fast-check)', ({ db }) => {
  let stack: TestStack;
  let dataDir: string;
  let userToken = '';

  beforeAll(async () => {
    await seedUsers(db());
    await db().query(
      `insert into storage.buckets (id, name, public) values ('fuzz', 'fuzz', true),
         ('fuzz-private', 'fuzz-private', false)`,
    );
    dataDir = await mkdtemp(join(tmpdir(), 'blockademia-fuzz-'));
    const outbox = createOutbox();
    const auth = authService({
      db: db(),
      jwtSecret: TEST_JWT_SECRET,
      siteUrl: SITE_URL,
      mailer: outbox,
      ipLimits: false,
    });
    stack = await startStack(db(), {
      auth,
      mailbox: mailService(outbox),
      storageDir: dataDir,
    });
    // A real session of user B (seeded with the password `password`), for /user and /logout.
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: userB.email, password: 'password' }),
    });
    userToken = ((await signIn.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function headersOf(call: Call): Headers {
    const headers = new Headers(call.headers);
    const token = {
      none: undefined,
      anon: stack.anonKey,
      service: stack.serviceKey,
      user: userToken,
      garbage: signJwt(
        { role: 'authenticated', sub: 'nobody' },
        'another-secret-of-32-characters!!',
      ),
    }[call.who];
    if (call.who !== 'none') headers.set('apikey', stack.anonKey);
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    return headers;
  }

  /** Sends the call; throws with the whole exchange when the server answers 5xx. */
  async function send(call: Call, statuses: Map<number, number>): Promise<void> {
    const search = new URLSearchParams(call.query).toString();
    const url = `${stack.url}${call.path}${search === '' ? '' : `?${search}`}`;
    const body =
      call.body === undefined || typeof call.body === 'string'
        ? call.body
        : new Uint8Array(call.body);
    const response = await fetch(url, {
      method: call.method,
      headers: headersOf(call),
      body,
      redirect: 'manual',
    });
    const answer = await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    // Node refuses a request line over its header limit with a bare 431 before any handler.
    if (response.status === 431 && url.length > 15_000) return;
    if (response.status >= 500) {
      const sent =
        typeof call.body === 'string' ? call.body.slice(0, 300) : `${call.body?.length ?? 0} bytes`;
      throw new Error(
        `${call.method} ${url.slice(0, 300)} as ${call.who} ${JSON.stringify(call.headers)} ` +
          `${sent} → ${response.status} ${answer.slice(0, 300)}`,
      );
    }
    if ((response.headers.get('content-type') ?? '').includes('json') && answer !== '') {
      expect(() => JSON.parse(answer) as unknown, url).not.toThrow();
    }
  }

  async function fuzz(name: string, calls: fc.Arbitrary<Call>): Promise<Map<number, number>> {
    const statuses = new Map<number, number>();
    console.info(`${name} fuzz: seed ${SEED}, ${RUNS} runs`);
    await fc.assert(
      fc.asyncProperty(calls, (call) => send(call, statuses)),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.info(`${name} fuzz: statuses ${histogram.join(' ')}`);
    return statuses;
  }

  it(`${RUNS} random calls to /auth/v1: never a 5xx`, async () => {
    const statuses = await fuzz('auth', authCall);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 240_000);

  it(`${RUNS} random calls to /storage/v1: never a 5xx`, async () => {
    const statuses = await fuzz('storage', storageCall);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 240_000);

  it('leaves the database answering', async () => {
    // A broken PGlite answers an empty result rather than an error.
    const { rows } = await db().query<{ one: number }>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });
});
