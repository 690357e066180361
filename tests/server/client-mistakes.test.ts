import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authService } from '../../server/auth/service.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { MAX_JSON_DEPTH } from '../../server/http/jsonDepth.ts';
import { createOutbox, mailService } from '../../server/mail/outbox.ts';
import { arrayElements } from '../../server/rest/arrayElements.ts';
import { statusOf } from '../../server/rest/errors.ts';
import { regexCost } from '../../server/rest/regexCost.ts';
import { MAX_REGEX_COST } from '../../server/rest/regexGuard.ts';
import { PASSWORD, SITE_URL } from './auth-stack.ts';
import { describeOnEachDatabase, postgresUrl } from './databases.ts';
import { adminUser, ids, seedContent, seedUserRows, seedUsers, userA } from './fixtures.ts';
import { startStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';
import { png } from './storage-stack.ts';

// Client mistakes answer 4xx, never 500, on PGlite and on Postgres alike: a regular expression
// too big to compile, a text search of too many negations, JSON nested too deep, an unknown row
// named to a function, an object name the file system cannot hold, a NUL character sent to auth,
// and two sign-ups of one address at once. After each mistake the database must still answer
// (PGlite, given a regular expression or JSON too deep for its stack, answered an empty result
// and was broken afterwards).

const SEED = 20261128;
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };
const TOO_COMPLEX = {
  code: '2201B',
  message: 'invalid regular expression: regular expression is too complex',
  details: null,
  hint: null,
};

/** A query value as a browser sends it: only what would change its meaning is escaped. */
const queryValue = (value: string): string =>
  value.replace(/[%&#+\s]|[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describeOnEachDatabase('client mistakes answer 4xx', ({ db, target }) => {
  let stack: TestStack;
  let dataDir: string;
  const autoconfirmed: { url: string; close: () => Promise<void> }[] = [];

  /** Auth (with or without autoconfirm), the mailbox, storage and REST on one server. */
  async function start(autoconfirm: boolean): Promise<TestStack> {
    const outbox = createOutbox();
    const auth = authService({
      db: db(),
      jwtSecret: TEST_JWT_SECRET,
      siteUrl: SITE_URL,
      mailer: outbox,
      ipLimits: false,
      autoconfirm,
    });
    return startStack(db(), {
      auth,
      mailbox: mailService(outbox),
      storageDir: dataDir,
    });
  }

  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
    await seedUserRows(db());
    dataDir = await mkdtemp(join(tmpdir(), 'blockademia-mistakes-'));
    stack = await start(false);
    const other = await start(true);
    autoconfirmed.push(other);
  });
  afterAll(async () => {
    await stack.close();
    for (const other of autoconfirmed) await other.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const rest = (
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
    key = stack.anonKey,
  ) =>
    fetch(`${stack.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers },
    });

  /** The database still answers, with the rows it holds. */
  async function expectHealthy(): Promise<void> {
    const response = await rest('terms?select=slug&order=slug');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ slug: 'blockchain' }, { slug: 'wallet' }]);
  }

  const match = (pattern: string, operator = 'match') =>
    rest(`terms?select=slug&slug=${operator}.${queryValue(pattern)}`);

  it('refuses a regular expression too big to compile with 400 2201B, before the database', async () => {
    const tooBig = [
      '(x{120}){120}',
      'x'.repeat(MAX_REGEX_COST + 1),
      `${'('.repeat(MAX_REGEX_COST)}a${')'.repeat(MAX_REGEX_COST)}`,
      '(a)\\1'.repeat(300),
      '(?:a|b|c){255}{9}',
      // Postgres's own refusal, which the estimate reaches first.
      '((x*){255}){10}',
    ];
    for (const pattern of tooBig) {
      const response = await match(pattern);
      expect([pattern.slice(0, 30), response.status]).toEqual([pattern.slice(0, 30), 400]);
      expect(await response.json()).toEqual(TOO_COMPLEX);
      await expectHealthy();
    }
    const eachOfAny = await match(`{"(x{99}){99}",chain}`, 'imatch(any)');
    expect([eachOfAny.status, await eachOfAny.json()]).toEqual([400, TOO_COMPLEX]);
    await expectHealthy();
  });

  it('still runs every pattern below the limit, and Postgres still judges the invalid ones', async () => {
    for (const [pattern, operator, slugs] of [
      ['^(b|w)', 'match', ['blockchain', 'wallet']],
      ['(x{30}){30}|^wal', 'match', ['wallet']],
      ['^BLOCK', 'imatch', ['blockchain']],
      ['{^b,^w}', 'match(all)', []],
    ] as const) {
      const response = await match(pattern, operator);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { slug: string }[]).map((row) => row.slug)).toEqual(slugs);
    }
    const invalid = await match('a{1000}');
    expect([invalid.status, ((await invalid.json()) as { code: string }).code]).toEqual([
      400,
      '2201B',
    ]);
    await expectHealthy();
  });

  it('never lets a pattern through that the database cannot take (seeded property)', async () => {
    const piece = fc.oneof(
      fc.constantFrom('a', 'x', '.', '[a-z]', '\\d', '\\w', '[^x]', '\\1', '(a)', '(?:ab|c)'),
      fc
        .tuple(fc.constantFrom('(', '(?:', '(?='), fc.constantFrom('a', 'b|c', 'x{3}'))
        .map(([open, inner]) => `${open}${inner})`),
    );
    const quantifier = fc.oneof(
      fc.constantFrom('', '', '*', '+', '?', '*?'),
      fc.integer({ min: 1, max: 255 }).map((n) => `{${n}}`),
      fc
        .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 255 }))
        .map(([m, n]) => `{${m},${Math.max(m, n)}}`),
    );
    const small = fc
      .array(fc.tuple(piece, quantifier), { minLength: 1, maxLength: 4 })
      .map((pieces) => pieces.map(([p, q]) => `${p}${q}`).join(''));
    const pattern = fc.oneof(
      small,
      // Around the limit: a small pattern repeated, nested or bounded until it is big.
      fc
        .tuple(small, fc.integer({ min: 1, max: 3000 }))
        .map(([p, times]) => p.repeat(times).slice(0, 6000)),
      fc.tuple(small, fc.integer({ min: 1, max: 2500 })).map(([p, depth]) => {
        return `${'('.repeat(depth)}${p}${')'.repeat(depth)}`;
      }),
      fc
        .tuple(small, fc.integer({ min: 1, max: 255 }), fc.integer({ min: 1, max: 255 }))
        .map(([p, m, n]) => `((${p}){${m}}){${n}}`),
    );
    const statuses = new Map<number, number>();
    console.info(`regex property: seed ${SEED}, 150 runs [${target}]`);
    await fc.assert(
      fc.asyncProperty(pattern, async (p) => {
        const response = await match(p);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = (await response.json()) as { code?: string; message?: string };
        expect(response.status, p.slice(0, 80)).toBeLessThan(500);
        if (regexCost(p) > MAX_REGEX_COST) expect(body).toEqual(TOO_COMPLEX);
        await expectHealthy();
      }),
      { numRuns: 150, seed: SEED, endOnFailure: true },
    );
    // Some patterns must have reached the database, and some must have been refused.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 240_000);

  it('reads array literals as Postgres does, so that each pattern of any/all is measured', async () => {
    const element = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('NULL', 'null', ' a b ', '"', '\\', ',', '{', '}', 'é'),
    );
    const literal = fc.oneof(
      fc.array(element, { maxLength: 4 }).map((items) => {
        const quoted = items.map((item, i) =>
          i % 2 === 0 ? `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : item,
        );
        return `{${quoted.join(',')}}`;
      }),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(literal, async (text) => {
        if (text.includes('\u0000')) return;
        let parsed: (string | null)[] | undefined;
        try {
          const { rows } = await db().query<{ items: (string | null)[] }>(
            'select $1::text[] as items',
            [text],
          );
          parsed = rows[0]?.items.flat(6);
        } catch {
          parsed = undefined;
        }
        // Whatever Postgres reads, the stack reads alike (it may refuse more, never less).
        if (parsed !== undefined) expect(arrayElements(text), text).toEqual(parsed);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('answers 400 for a text search of more negations than Postgres can stack', async () => {
    const response = await rest(`terms?select=slug&slug=fts.${queryValue('!'.repeat(40))}a`);
    expect([response.status, await response.json()]).toEqual([
      400,
      { code: 'XX000', message: 'tsquery stack too small', details: null, hint: null },
    ]);
    await expectHealthy();
  });

  it('refuses JSON nested deeper than the limit, in a body or a filter, with 400', async () => {
    const body = await rest('contact_messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name": ${nested(MAX_JSON_DEPTH + 1)}}`,
    });
    expect([body.status, ((await body.json()) as { code: string }).code]).toEqual([
      400,
      'PGRST102',
    ]);
    const deep = await rest(
      `generated_content?select=id&payload=cs.${nested(7000)}`,
      {},
      stack.serviceKey,
    );
    expect([deep.status, ((await deep.json()) as { code: string }).code]).toEqual([
      400,
      'PGRST100',
    ]);
    const fine = await rest(
      `generated_content?select=id&payload=cs.${nested(MAX_JSON_DEPTH)}`,
      {},
      stack.serviceKey,
    );
    expect([fine.status, await fine.json()]).toEqual([200, []]);
    await expectHealthy();
  });

  it('answers 404 PT404 for an unknown module, step, user or term, and 409 PT409 for a settled draft', async () => {
    const user = stack.client(userA);
    const admin = stack.client(adminUser);
    const calls = [
      user.rpc('complete_step', { _module_id: ids.modules.beginner, _position: 99 }),
      user.rpc('submit_quiz', { _module_id: ids.termWallet, _answers: {} }),
      stack.client().rpc('check_quiz', { _module_id: randomUUID(), _answers: {} }),
      admin.rpc('admin_set_role', { _user_id: randomUUID(), _role: 'admin', _granted: true }),
      admin.rpc('admin_delete_term', { _slug: 'no-such-term' }),
      admin.rpc('admin_delete_token', { _id: 'no-such-sheet' }),
      admin.rpc('admin_publish_draft', { _id: randomUUID(), _payload: {} }),
    ];
    for (const { status, error } of await Promise.all(calls)) {
      expect([status, error?.code]).toEqual([404, 'PT404']);
    }
    const { rows } = await db().query<{ id: string }>(
      `update public.generated_content set status = 'rejected' where id = (
         select id from public.generated_content where status = 'draft' limit 1) returning id`,
    );
    const settled = await admin.rpc('admin_publish_draft', { _id: rows[0]?.id, _payload: {} });
    expect([settled.status, settled.error?.code]).toEqual([409, 'PT409']);
  });

  it('has no function that raises a SQLSTATE PostgREST would answer with 5xx', async () => {
    const { rows } = await db().query<{ fn: string; code: string }>(
      `select p.oid::regprocedure::text as fn, m[1] as code
       from pg_proc p, regexp_matches(p.prosrc, 'errcode\\s*=\\s*''([^'']*)''', 'g') as m
       where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       order by 1, 2`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const serverErrors = rows.filter(
      ({ code }) => !/^[0-9A-Z]{5}$/.test(code) || statusOf(code, '', false) >= 500,
    );
    expect(serverErrors).toEqual([]);
  });

  it('refuses an object name segment longer than the file system allows with 400 InvalidKey', async () => {
    const upload = (name: string) =>
      fetch(`${stack.url}/storage/v1/object/avatars/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: {
          apikey: stack.serviceKey,
          authorization: `Bearer ${stack.serviceKey}`,
          'content-type': 'image/png',
        },
        body: new Uint8Array(png()),
      });
    // 255 bytes is the most a file name may have: 126 two-byte letters and `.png` fit.
    const longest = `${'é'.repeat(125)}x.png`;
    expect(Buffer.byteLength(longest)).toBe(255);
    expect((await upload(`${userA.id}/${longest}`)).status).toBe(200);
    for (const name of [`${userA.id}/é${longest}`, `${'d'.repeat(256)}/a.png`]) {
      const refused = await upload(name);
      expect([refused.status, await refused.json()]).toEqual([
        400,
        {
          statusCode: '400',
          error: 'Invalid Input',
          code: 'InvalidKey',
          message: `Invalid key: ${name}`,
        },
      ]);
    }
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'avatars'
       and octet_length(name) > 255`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses metadata Postgres cannot store, and storage bodies nested too deep, with 400', async () => {
    const headers = {
      apikey: stack.serviceKey,
      authorization: `Bearer ${stack.serviceKey}`,
      'content-type': 'image/png',
    };
    for (const metadata of ['{"note": "a\\u0000b"}', `{"note": ${nested(MAX_JSON_DEPTH + 1)}}`]) {
      const response = await fetch(`${stack.url}/storage/v1/object/avatars/${userA.id}/m.png`, {
        method: 'POST',
        headers: { ...headers, 'x-metadata': Buffer.from(metadata).toString('base64') },
        body: new Uint8Array(png()),
      });
      expect([
        response.status,
        ((await response.json()) as { statusCode: string }).statusCode,
      ]).toEqual([400, '400']);
    }
    const list = await fetch(`${stack.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'a\u0000b' }),
    });
    expect(list.status).toBe(400);
    await expectHealthy();
  });

  /** A raw auth call, in the 2024 API version, as auth-js makes it. */
  const auth = (path: string, body: string, key = stack.anonKey, base = stack.url) =>
    fetch(`${base}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, ...API_VERSION },
      body,
    });

  it('refuses a NUL in an address, a password or any field with 400 validation_failed, before SQL', async () => {
    const invalidAddress = 'Unable to validate email address: invalid format';
    const cases: [string, unknown, string][] = [
      ['/signup', { email: 'a\u0000b@example.test', password: PASSWORD }, invalidAddress],
      ['/signup', { email: 'nul@example.test', password: `${PASSWORD}\u0000` }, 'Password'],
      [
        '/signup',
        { email: 'nul@example.test', password: PASSWORD, data: { a: '\u0000' } },
        '"data"',
      ],
      ['/token?grant_type=password', { email: 'a\u0000@b.c', password: PASSWORD }, invalidAddress],
      ['/token?grant_type=password', { email: userA.email, password: 'x\u0000' }, 'Password'],
      ['/recover', { email: '\u0000@example.test' }, invalidAddress],
      ['/otp', { email: 'x@example.test\u0000' }, invalidAddress],
      [
        '/signup?redirect_to=%00',
        { email: 'nul@example.test', password: PASSWORD },
        '"redirect_to"',
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await auth(path, JSON.stringify(body));
      const answer = (await response.json()) as { code: string; message: string };
      expect([path, response.status, answer.code]).toEqual([path, 400, 'validation_failed']);
      expect(answer.message.startsWith(message), answer.message).toBe(true);
    }
    const created = await auth(
      '/admin/users',
      JSON.stringify({ email: 'nul@example.test', user_metadata: { ['k\u0000']: 1 } }),
      stack.serviceKey,
    );
    expect(created.status).toBe(400);
    const deep = await auth(
      '/signup',
      `{"email": "deep@example.test", "password": "${PASSWORD}", "data": ${nested(MAX_JSON_DEPTH + 1)}}`,
    );
    expect([deep.status, ((await deep.json()) as { code: string }).code]).toEqual([
      400,
      'bad_json',
    ]);
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from auth.users where email like '%nul%' or email like 'deep@%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  /**
   * Sends the requests at once. On Postgres, a second connection holds a lock that lets every
   * one of them read that the address is free and then wait at its insert, so that they collide
   * for sure; PGlite runs one transaction at a time, and they arrive one after another.
   */
  async function atOnce(requests: (() => Promise<Response>)[]): Promise<number[]> {
    if (target === 'pglite') {
      return Promise.all(requests.map(async (send) => (await send()).status));
    }
    const url = new URL(postgresUrl);
    const { rows } = await db().query<{ name: string }>('select current_database() as name');
    url.pathname = `/${rows[0]?.name ?? ''}`;
    const locker: Database = await openDatabase({ databaseUrl: url.toString() });
    try {
      let answers: Promise<number[]> | undefined;
      await locker.transaction(async (tx) => {
        await tx.query('lock table auth.users in share row exclusive mode');
        const progress = { settled: false };
        answers = Promise.all(requests.map(async (send) => (await send()).status)).finally(() => {
          progress.settled = true;
        });
        // Waits on the database, not the clock, for every insert to queue behind the lock.
        for (;;) {
          const waiting = await tx.query<{ n: number }>(
            `select count(*)::int as n from pg_locks
             where relation = 'auth.users'::regclass and not granted`,
          );
          if ((waiting.rows[0]?.n ?? 0) >= requests.length || progress.settled) break;
        }
      });
      return await (answers ?? Promise.resolve([]));
    } finally {
      await locker.close();
    }
  }

  it('answers concurrent sign-ups of one address as if they came one after the other', async () => {
    const signUp = (email: string, base: string) => () =>
      auth('/signup', JSON.stringify({ email, password: PASSWORD }), stack.anonKey, base);
    // Mails confirm: the first signs up, the others ask for its mail again too soon (429).
    const pending = `race.pending.${target}@example.test`;
    const confirming = await atOnce([1, 2, 3].map(() => signUp(pending, stack.url)));
    expect(confirming.sort()).toEqual([200, 429, 429]);
    // Autoconfirm: the first is signed in, the others are told the address is taken (422).
    const confirmed = `race.confirmed.${target}@example.test`;
    const autoUrl = autoconfirmed[0]?.url ?? '';
    const immediate = await atOnce([1, 2, 3].map(() => signUp(confirmed, autoUrl)));
    expect(immediate.sort()).toEqual([200, 422, 422]);
    // The admin API: one user, and 422 email_exists for the others.
    const adminEmail = `race.admin.${target}@example.test`;
    const create = () =>
      auth('/admin/users', JSON.stringify({ email: adminEmail }), stack.serviceKey);
    expect((await atOnce([create, create, create])).sort()).toEqual([200, 422, 422]);
    const { rows } = await db().query<{ email: string; n: number }>(
      `select email, count(*)::int as n from auth.users where email like 'race.%' group by email
       order by email`,
    );
    expect(rows).toEqual([
      { email: adminEmail, n: 1 },
      { email: confirmed, n: 1 },
      { email: pending, n: 1 },
    ]);
  });
});
