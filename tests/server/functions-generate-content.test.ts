import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkTerm } from '../../shared/content/termRules.ts';
import { checkTokenSection } from '../../shared/content/tokenRules.ts';
import { localFunctions, type LocalFunctionsEnv } from '../../server/functions/registry.ts';
import { signJwt } from '../../server/keys.ts';
import { parseJsonObject } from '../../supabase/functions/generate-content/output.ts';
import { SYSTEM_PROMPT } from '../../supabase/functions/generate-content/prompt.ts';
import { readGeneratorSettings } from '../../supabase/functions/generate-content/settings.ts';
import {
  fakeTermSlug,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../support/fakeChatCompletions.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  seedContent,
  seedUserRows,
  seedUsers,
  userA,
  type TestUser,
} from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// generate-content against the fake OpenAI-compatible API of tests/support: who may call it,
// what it says when it is not configured, the prompt it sends, each way the provider fails and
// the answer it gives then, the draft it stores as the admin, and admin_publish_draft, which
// writes a reviewed draft into the catalogue.

const API_KEY = 'sk-generator-secret-0f3a9c';

interface Outcome {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

describe('generate-content: settings and answers', () => {
  it('is configured by a base URL and a model; the key and the timeout are optional', () => {
    const base = { SUPABASE_URL: 'http://x', SUPABASE_ANON_KEY: 'k' };
    expect(readGeneratorSettings(base)).toEqual({
      configured: false,
      problems: [
        { variable: 'GENERATOR_BASE_URL', problem: 'missing' },
        { variable: 'GENERATOR_MODEL', problem: 'missing' },
      ],
    });
    expect(
      readGeneratorSettings({
        ...base,
        GENERATOR_BASE_URL: 'ftp://models.test',
        GENERATOR_MODEL: ' m ',
        GENERATOR_TIMEOUT_SECONDS: '0',
      }),
    ).toEqual({
      configured: false,
      problems: [
        { variable: 'GENERATOR_BASE_URL', problem: 'invalid' },
        { variable: 'GENERATOR_TIMEOUT_SECONDS', problem: 'invalid' },
      ],
    });
    expect(
      readGeneratorSettings({
        ...base,
        GENERATOR_BASE_URL: 'http://127.0.0.1:8080/v1/',
        GENERATOR_MODEL: 'local-model',
        GENERATOR_API_KEY: '  ',
        GENERATOR_TIMEOUT_SECONDS: '2.5',
      }),
    ).toEqual({
      configured: true,
      settings: {
        baseUrl: 'http://127.0.0.1:8080/v1',
        apiKey: undefined,
        model: 'local-model',
        timeoutMs: 2500,
      },
    });
  });

  it('reads a JSON object, forgiving a code fence, and nothing else', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonObject('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    for (const junk of ['', '[1]', '"text"', 'Here: {"a": 1}', '{"a": ', 'null']) {
      expect(parseJsonObject(junk)).toBeUndefined();
    }
  });
});

describeOnEachDatabase('functions: generate-content', ({ db }) => {
  let fake: FakeChatCompletions;
  let stack: TestStack;
  let generator: Partial<LocalFunctionsEnv> = {};
  // The provider calls' signal: never aborted, except by the test of a provider that hangs.
  let providerCalls = new AbortController();
  /** Every answer of the function, to look for the key in. */
  const answers: string[] = [];
  let log: { mock: { calls: unknown[][] }; mockRestore(): void };

  const configured = (): Partial<LocalFunctionsEnv> => ({
    GENERATOR_BASE_URL: fake.baseUrl,
    GENERATOR_MODEL: 'fake-model',
    GENERATOR_API_KEY: API_KEY,
  });
  const env = (): LocalFunctionsEnv => ({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    SUPABASE_ANON_KEY: stack.anonKey,
    ...generator,
  });

  /** A call as a visitor (the anon key), a user, or with a raw Authorization header. */
  const call = async (
    as: 'anon' | TestUser | { authorization: string },
    body?: unknown,
    method = 'POST',
  ): Promise<Outcome> => {
    const authorization =
      as === 'anon'
        ? `Bearer ${stack.anonKey}`
        : 'authorization' in as
          ? as.authorization
          : `Bearer ${stack.userToken(as)}`;
    const response = await fetch(`${stack.url}/functions/v1/generate-content`, {
      method,
      headers: { authorization, apikey: stack.anonKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    answers.push(text, JSON.stringify([...response.headers]));
    return {
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  };
  const generate = (body: unknown): Promise<Outcome> => call(adminUser, body);
  const draftCount = async (): Promise<number> => {
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.generated_content',
    );
    return rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seedUsers(db());
    await seedContent(db());
    await seedUserRows(db());
    fake = await startFakeChatCompletions();
    const functions = localFunctions(env, {
      generateContent: { providerSignal: () => providerCalls.signal },
    });
    stack = await startStack(db(), {
      functions,
    });
  });
  afterAll(async () => {
    log.mockRestore();
    await stack.close();
    await fake.close();
  });

  it('refuses visitors with 401 and signed-in users who are not admins with 403, calling nothing', async () => {
    generator = configured();
    for (const body of [{ action: 'status' }, { kind: 'term', topic: 'Merkle tree' }]) {
      expect(await call('anon', body)).toMatchObject({
        status: 401,
        body: { error: 'not_signed_in' },
      });
      expect(await call(userA, body)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    }
    // A token signed with another secret: the functions host refuses it before the handler.
    const forged = signJwt(
      { sub: adminUser.id, role: 'authenticated', aud: 'authenticated' },
      'another-secret-of-at-least-32-characters!',
    );
    expect((await call({ authorization: `Bearer ${forged}` }, { action: 'status' })).status).toBe(
      401,
    );
    expect(fake.requests).toHaveLength(0);
    expect(await draftCount()).toBe(1);
  });

  it('says which variables to set when not configured, and calls nothing', async () => {
    generator = {};
    expect(await call(adminUser, undefined, 'GET')).toMatchObject({
      status: 200,
      body: {
        configured: false,
        problems: [
          { variable: 'GENERATOR_BASE_URL', problem: 'missing' },
          { variable: 'GENERATOR_MODEL', problem: 'missing' },
        ],
      },
    });
    const refused = await generate({ kind: 'term', topic: 'Merkle tree' });
    expect(refused).toMatchObject({ status: 503, body: { error: 'not_configured' } });
    generator = { ...configured(), GENERATOR_TIMEOUT_SECONDS: 'soon' };
    expect(await generate({ kind: 'term', topic: 'Merkle tree' })).toMatchObject({
      status: 503,
      body: {
        error: 'not_configured',
        problems: [{ variable: 'GENERATOR_TIMEOUT_SECONDS', problem: 'invalid' }],
      },
    });
    expect(fake.requests).toHaveLength(0);
    expect(await draftCount()).toBe(1);
  });

  it('gives an admin the status with the model, never the key or the address', async () => {
    generator = configured();
    const status = await call(adminUser, { action: 'status' });
    expect(status).toMatchObject({ status: 200 });
    expect(status.body).toEqual({ configured: true, model: 'fake-model' });
  });

  it('checks the request before calling the provider', async () => {
    generator = configured();
    const cases: [unknown, number, Record<string, unknown>][] = [
      [
        [1, 2],
        400,
        { problems: [{ field: '', code: 'wrongType', params: { expected: 'object' } }] },
      ],
      [{}, 400, { problems: [{ field: 'kind', code: 'missing' }] }],
      [{ kind: 'poem' }, 400, { problems: [{ field: 'kind', code: 'notAllowed' }] }],
      [{ kind: 'term' }, 400, { problems: [{ field: 'topic', code: 'missing' }] }],
      [{ kind: 'term', topic: '  \n ' }, 400, { problems: [{ field: 'topic', code: 'empty' }] }],
      [
        { kind: 'term', topic: 'x'.repeat(201) },
        400,
        { problems: [{ field: 'topic', code: 'tooLong', params: { length: 201, max: 200 } }] },
      ],
      [
        { kind: 'tokenSection', tokenId: 'Bit Coin', section: 'price' },
        400,
        {
          problems: [
            { field: 'tokenId', code: 'tokenIdShape' },
            { field: 'section', code: 'notAllowed' },
          ],
        },
      ],
      [{ kind: 'tokenSection', tokenId: 'no-such-coin', section: 'about' }, 404, {}],
    ];
    for (const [body, status, expected] of cases) {
      const outcome = await generate(body);
      expect(outcome.status, JSON.stringify(body)).toBe(status);
      expect(outcome.body).toMatchObject(
        status === 404 ? { error: 'token_not_found' } : { error: 'invalid_request', ...expected },
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('asks for a term with the content rules, the existing slugs and a JSON object, and stores the draft as the admin', async () => {
    generator = configured();
    fake.reset();
    const outcome = await generate({ kind: 'term', topic: '  Merkle\ntree  ' });
    expect(outcome.status).toBe(201);

    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('fake-model');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.body.messages?.[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(request?.fields).toMatchObject({
      Task: 'term',
      Topic: 'Merkle tree',
      'Existing slugs': 'blockchain, wallet',
    });
    const user = request?.body.messages?.[1]?.content ?? '';
    expect(user).toContain('80 to 250 words');
    expect(user).toContain('2 to 5 different slugs');
    for (const rule of ['never advise', 'No price prediction', 'Date every fact', '"currently"']) {
      expect(SYSTEM_PROMPT).toContain(rule);
    }

    const draft = outcome.body.draft as Record<string, unknown>;
    expect(draft).toMatchObject({
      kind: 'term',
      target: `term:${fakeTermSlug('Merkle tree')}`,
      topic: 'Merkle tree',
      token_id: null,
      section: null,
      status: 'draft',
      model: 'fake-model',
      author_id: adminUser.id,
      published_at: null,
    });
    expect(checkTerm(draft.payload, { knownSlugs: new Set(['blockchain', 'wallet']) })).toEqual([]);
    const { rows } = await db().query<{ payload: unknown }>(
      'select payload from public.generated_content where id = $1',
      [draft.id],
    );
    expect(rows[0]?.payload).toEqual(draft.payload);
  });

  it('asks for a token section with its purpose, form and current text, and stores it', async () => {
    generator = configured();
    fake.reset();
    const about = await generate({
      kind: 'tokenSection',
      tokenId: 'bitcoin',
      section: 'about',
      topic: 'its origins',
    });
    expect(about.status).toBe(201);
    expect(fake.requests[0]?.fields).toMatchObject({
      Task: 'tokenSection',
      Topic: 'its origins',
      Token: 'Bitcoin (BTC), provider id bitcoin, market-cap rank 1 when its sheet was written',
      Section: 'about',
      Form: 'text',
    });
    expect(fake.requests[0]?.body.messages?.[1]?.content).toContain('en: About Bitcoin');
    expect(about.body.draft).toMatchObject({
      kind: 'tokenSection',
      target: 'token:bitcoin:about',
      token_id: 'bitcoin',
      section: 'about',
    });

    const uses = await generate({
      kind: 'tokenSection',
      tokenId: 'ethereum',
      section: 'use_cases',
    });
    expect(uses.status).toBe(201);
    expect(fake.requests[1]?.fields).toMatchObject({
      Form: 'list',
      Topic: expect.stringContaining('none') as string,
    });
    const draft = uses.body.draft as { payload: unknown; topic: string };
    expect(draft.topic).toBe('');
    expect(checkTokenSection('use_cases', draft.payload, 2)).toEqual([]);
  });

  it('maps each provider failure to its own answer, stores nothing and keeps the key out', async () => {
    generator = configured();
    const before = await draftCount();
    const term = { kind: 'term', topic: 'Merkle tree' };

    fake.setMode('rate-limited');
    const limited = await generate(term);
    expect(limited).toMatchObject({
      status: 429,
      body: { error: 'provider_rate_limited', retry_after_seconds: 30 },
    });
    expect(limited.headers.get('retry-after')).toBe('30');
    fake.setMode('rate-limited', { retryAfter: null });
    const bare = await generate(term);
    expect(bare.body).toEqual({ error: 'provider_rate_limited' });
    expect(bare.headers.get('retry-after')).toBeNull();

    fake.setMode('error');
    expect(await generate(term)).toMatchObject({
      status: 502,
      body: { error: 'provider_error', provider_status: 500 },
    });

    fake.setMode('not-json');
    expect(await generate(term)).toMatchObject({
      status: 502,
      body: { error: 'malformed_output', reason: 'not_json' },
    });

    fake.setMode('wrong-shape');
    const wrong = await generate(term);
    expect(wrong).toMatchObject({
      status: 502,
      body: { error: 'malformed_output', reason: 'rules' },
    });
    const problems = wrong.body.problems as { field: string; code: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'slug', code: 'slugShape' },
        expect.objectContaining({ field: 'category', code: 'notAllowed' }),
        { field: 'related', code: 'missing' },
        { field: 'translations.en', code: 'missing' },
        { field: 'translations.fr.body', code: 'missing' },
      ]),
    );

    // A provider that hangs: what the handler's own timeout does, without waiting for it.
    fake.setMode('slow');
    const hanging = generate(term);
    await fake.whenHeld();
    providerCalls.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await hanging).toMatchObject({ status: 504, body: { error: 'provider_timeout' } });
    providerCalls = new AbortController();

    // Nobody answering at the address.
    generator = { ...configured(), GENERATOR_BASE_URL: 'http://127.0.0.1:9/v1' };
    expect(await generate(term)).toMatchObject({ status: 502, body: { error: 'provider_error' } });

    generator = configured();
    fake.setMode('ok');
    expect(await draftCount()).toBe(before);

    const everything = [...answers, JSON.stringify(log.mock.calls)].join('\n');
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(fake.baseUrl);
    expect(everything).not.toContain('127.0.0.1:9');
  });

  it('refuses a term whose slug is taken: the generator drafts new terms', async () => {
    generator = configured();
    const taken = await generate({ kind: 'term', topic: 'Wallet' });
    expect(taken).toMatchObject({
      status: 502,
      body: { error: 'malformed_output', reason: 'rules' },
    });
    expect(taken.body.problems).toEqual(expect.arrayContaining([{ field: 'slug', code: 'taken' }]));
  });

  describe('admin_publish_draft and the life of a draft', () => {
    const admin = () => stack.client(adminUser);
    const newDraft = async (body: Record<string, unknown>) => {
      generator = configured();
      const outcome = await generate(body);
      expect(outcome.status).toBe(201);
      return outcome.body.draft as { id: string; payload: Record<string, unknown> };
    };

    it('publishes an edited token section into the sheet, in the three languages, once', async () => {
      const draft = await newDraft({
        kind: 'tokenSection',
        tokenId: 'ethereum',
        section: 'strengths',
      });
      const payload: Record<string, unknown> = {
        ...draft.payload,
        en: ['A large community of developers', 'Smart contracts since July 2015'],
      };
      expect(
        await stack.client(userA).rpc('admin_publish_draft', { _id: draft.id, _payload: payload }),
      ).toMatchObject({
        error: { code: '42501' },
      });
      const published = await admin().rpc('admin_publish_draft', {
        _id: draft.id,
        _payload: payload,
      });
      expect(published).toMatchObject({
        error: null,
        data: { kind: 'tokenSection', token_id: 'ethereum', section: 'strengths' },
      });
      const { rows } = await db().query<{ language: string; strengths: string[] }>(
        `select language, strengths from public.token_translations
         where token_id = 'ethereum' order by language`,
      );
      expect(rows).toEqual([
        { language: 'en', strengths: payload.en },
        { language: 'es', strengths: payload.es },
        { language: 'fr', strengths: payload.fr },
      ]);
      const stored = await db().query<{ status: string; payload: unknown; published: boolean }>(
        `select status, payload, published_at is not null as published
         from public.generated_content where id = $1`,
        [draft.id],
      );
      expect(stored.rows).toEqual([{ status: 'published', payload, published: true }]);
      // Published means done: neither published again nor edited.
      const again = await admin().rpc('admin_publish_draft', { _id: draft.id, _payload: payload });
      expect([again.error?.code, again.status]).toEqual(['PT409', 409]);
      const edit = await admin()
        .from('generated_content')
        .update({ payload: {} })
        .eq('id', draft.id);
      expect([edit.error?.code, edit.status]).toEqual(['PT409', 409]);
    });

    it('refuses a section of the wrong shape, and an unknown draft', async () => {
      const draft = await newDraft({
        kind: 'tokenSection',
        tokenId: 'bitcoin',
        section: 'quick_summary',
      });
      for (const payload of [
        { ...draft.payload, es: ['a list'] },
        { ...draft.payload, fr: ' untrimmed' },
        { ...draft.payload, fr: 'x'.repeat(1001) },
        { fr: 'Un.', en: 'One.' },
        { ...draft.payload, de: 'Eins.' },
      ]) {
        const refused = await admin().rpc('admin_publish_draft', {
          _id: draft.id,
          _payload: payload,
        });
        expect(refused.error?.code, JSON.stringify(payload).slice(0, 60)).toBe('22023');
      }
      const unknown = await admin().rpc('admin_publish_draft', {
        _id: '00000000-0000-4000-8000-000000000000',
        _payload: draft.payload,
      });
      expect([unknown.error?.code, unknown.status]).toEqual(['PT404', 404]);
    });

    it('keeps "published" for admin_publish_draft, and lets an admin edit then discard a draft', async () => {
      const draft = await newDraft({
        kind: 'tokenSection',
        tokenId: 'bitcoin',
        section: 'how_to_store',
      });
      const forged = await admin()
        .from('generated_content')
        .update({ status: 'published' })
        .eq('id', draft.id);
      expect(forged.error?.code).toBe('42501');
      const edited = { ...draft.payload, en: 'Kept in any Bitcoin wallet.' };
      const saved = await admin()
        .from('generated_content')
        .update({ payload: edited })
        .eq('id', draft.id)
        .select('payload, updated_at, created_at')
        .single();
      expect(saved.error).toBeNull();
      expect(saved.data?.payload).toEqual(edited);
      const discarded = await admin()
        .from('generated_content')
        .update({ status: 'rejected' })
        .eq('id', draft.id)
        .select('status')
        .single();
      expect(discarded.data).toEqual({ status: 'rejected' });
      const late = await admin().rpc('admin_publish_draft', { _id: draft.id, _payload: edited });
      expect(late.error?.code).toBe('PT409');
      // Another user sees no draft and changes none.
      const peek = await stack.client(userA).from('generated_content').select('id');
      expect(peek.data).toEqual([]);
      const insert = await stack
        .client(userA)
        .from('generated_content')
        .insert({ kind: 'term', target: 'term:x', payload: {} });
      expect(insert.error?.code).toBe('42501');
    });

    it('publishes a term through admin_save_term, and refuses a slug that is taken', async () => {
      const draft = await newDraft({ kind: 'term', topic: 'Merkle root' });
      const slug = fakeTermSlug('Merkle root');
      const published = await admin().rpc('admin_publish_draft', {
        _id: draft.id,
        _payload: draft.payload,
      });
      expect(published).toMatchObject({ error: null, data: { kind: 'term', slug } });
      const term = await stack
        .client('anon')
        .from('terms')
        .select('slug, category, term_translations(language, title)')
        .eq('slug', slug)
        .single();
      expect(term.data?.term_translations).toHaveLength(3);

      const twin = await newDraft({ kind: 'term', topic: 'Merkle proof' });
      const refused = await admin().rpc('admin_publish_draft', {
        _id: twin.id,
        _payload: { ...twin.payload, slug },
      });
      expect(refused.error?.code).toBe('23505');
      const { rows } = await db().query<{ status: string }>(
        'select status from public.generated_content where id = $1',
        [twin.id],
      );
      expect(rows).toEqual([{ status: 'draft' }]);
    });
  });
});
