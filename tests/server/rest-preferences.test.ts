import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { userA } from './fixtures.ts';
import { seededStack } from './stack.ts';

// Prefer tx=rollback and max-affected (with handling=strict), the Preference-Applied and
// Content-Location headers, CSV answers (Accept: text/csv) and the OpenAPI root, through
// supabase-js and raw fetch, with the refusals of each.

interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

interface OpenApi {
  swagger: string;
  basePath: string;
  paths: Record<string, Record<string, { parameters?: unknown[] } | undefined> | undefined>;
  definitions: Record<
    string,
    | {
        type: string;
        required?: string[];
        description?: string;
        properties: Record<string, Record<string, unknown>>;
      }
    | undefined
  >;
  parameters: Record<string, Record<string, unknown> | undefined>;
}

describeOnEachDatabase('REST preferences, CSV and the OpenAPI root', ({ db }) => {
  const stack = seededStack(db, {
    async beforeStart(database) {
      await database.exec(`
        create table public.pref_items (
          id integer primary key,
          name text not null,
          note text,
          code character varying(12),
          role public.app_role not null default 'user',
          label text default 'plain'
        );
        comment on table public.pref_items is 'Items for preference tests';
        comment on column public.pref_items.note is 'A free note';
        insert into public.pref_items (id, name) values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd');
        grant select, insert, update, delete on public.pref_items to anon, authenticated, service_role;

        create table public.pref_log (message text);
        grant select, insert on public.pref_log to anon, authenticated, service_role;

        create table public.pref_csv (id integer primary key, name text, note text, tags text[], data jsonb);
        insert into public.pref_csv values
          (1, 'plain', null, '{x,y}', '{"k": "v"}'),
          (2, 'with, comma', 'say "hi"', '{}', null),
          (3, '', 'back\\slash', null, '[1, 2]');
        grant select on public.pref_csv to anon, authenticated, service_role;

        create table public.pref_hidden (id integer primary key, secret text);
        revoke all on public.pref_hidden from public, anon, authenticated, service_role;

        create function public.pref_items_named(_prefix text) returns setof public.pref_items
          language sql stable as $$ select * from public.pref_items where name like _prefix || '%' order by id $$;
        create function public.pref_delete_items(_below integer) returns setof public.pref_items
          language sql as $$ delete from public.pref_items where id < _below returning * $$;
        create function public.pref_count() returns integer
          language sql stable as $$ select count(*)::int from public.pref_items $$;
        create function public.pref_staff_only() returns integer language sql stable as $$ select 1 $$;
        revoke execute on function public.pref_staff_only() from public, anon;
        grant execute on function public.pref_staff_only() to authenticated, service_role;`);
    },
  });

  const rest = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) =>
    fetch(`${stack().url}/rest/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: stack().anonKey,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const errorOf = async (response: Response): Promise<ErrorBody> =>
    (await response.json()) as ErrorBody;
  const names = async (): Promise<string[]> =>
    (await db().query<{ name: string }>('select name from public.pref_items order by id')).rows.map(
      (row) => row.name,
    );

  it('tx=rollback: writes answer as usual, then nothing is kept', async () => {
    const anon = stack().client();
    const inserted = await anon
      .from('pref_items')
      .insert({ id: 50, name: 'temporary' })
      .select('id, name')
      .rollback();
    expect([inserted.status, inserted.error, inserted.data]).toEqual([
      201,
      null,
      [{ id: 50, name: 'temporary' }],
    ]);
    const updated = await anon.from('pref_items').update({ name: 'z' }).eq('id', 1).rollback();
    expect([updated.status, updated.error]).toEqual([204, null]);
    const deleted = await rest('/pref_items?id=lte.2', {
      method: 'DELETE',
      headers: { Prefer: 'return=representation, tx=rollback' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(((await deleted.json()) as unknown[]).length).toBe(2);
    const rpc = await rest('/rpc/pref_delete_items', {
      method: 'POST',
      headers: { Prefer: 'tx=rollback' },
      body: { _below: 10 },
    });
    expect([rpc.status, rpc.headers.get('preference-applied')]).toEqual([200, 'tx=rollback']);
    expect(await names()).toEqual(['a', 'b', 'c', 'd']);
    // tx=commit is the default, and is echoed as honoured.
    const read = await rest('/pref_items?id=eq.1', { headers: { Prefer: 'tx=commit' } });
    expect(read.headers.get('preference-applied')).toBe('tx=commit');
  });

  it('max-affected with handling=strict: more rows is 400 PGRST124 and a rollback', async () => {
    const strict = { Prefer: 'handling=strict, max-affected=2' };
    const tooMany = await rest('/pref_items?id=lt.4', { method: 'DELETE', headers: strict });
    expect(tooMany.status).toBe(400);
    expect(await errorOf(tooMany)).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    const patch = await rest('/pref_items?id=eq.1', {
      method: 'PATCH',
      headers: { Prefer: 'handling=strict, max-affected=0, return=representation' },
      body: { name: 'changed' },
    });
    expect([patch.status, (await errorOf(patch)).code]).toEqual([400, 'PGRST124']);
    expect(await names()).toEqual(['a', 'b', 'c', 'd']);

    // Within the limit it runs; without strict handling the limit is not in force.
    const fits = await rest('/pref_items?id=eq.4', {
      method: 'PATCH',
      headers: { Prefer: 'handling=strict, max-affected=1' },
      body: { name: 'D' },
    });
    expect([fits.status, fits.headers.get('preference-applied')]).toEqual([
      204,
      'handling=strict, max-affected=1',
    ]);
    const lenient = await rest('/pref_items?id=gte.1', {
      method: 'PATCH',
      headers: { Prefer: 'handling=lenient, max-affected=1, tx=rollback' },
      body: { note: 'n' },
    });
    expect([lenient.status, lenient.headers.get('preference-applied')]).toEqual([
      204,
      'tx=rollback, handling=lenient',
    ]);
    const ignored = await rest('/pref_items?id=gte.1', {
      method: 'DELETE',
      headers: { Prefer: 'max-affected=1, tx=rollback' },
    });
    expect([ignored.status, ignored.headers.get('preference-applied')]).toEqual([
      204,
      'tx=rollback',
    ]);
    expect(await names()).toEqual(['a', 'b', 'c', 'D']);

    // Functions: the rows of a set count; other results cannot be counted (PGRST128).
    const rpc = await rest('/rpc/pref_delete_items', {
      method: 'POST',
      headers: strict,
      body: { _below: 10 },
    });
    expect([rpc.status, (await errorOf(rpc)).details]).toEqual([400, 'The query affects 4 rows']);
    const scalar = await rest('/rpc/pref_count', { method: 'POST', headers: strict, body: {} });
    expect([scalar.status, (await errorOf(scalar)).code]).toEqual([400, 'PGRST128']);
    expect(await names()).toEqual(['a', 'b', 'c', 'D']);
  });

  it('handling=strict refuses unknown preferences with 400 PGRST122; lenient ignores them', async () => {
    const strict = await rest('/pref_items', {
      headers: { Prefer: 'handling=strict, anything, timezone=nowhere' },
    });
    expect(strict.status).toBe(400);
    expect(await errorOf(strict)).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: anything, timezone=nowhere',
      hint: null,
    });
    const write = await rest('/pref_log', {
      method: 'POST',
      headers: { Prefer: 'handling=strict, return=nope' },
      body: { message: 'refused' },
    });
    expect([write.status, (await errorOf(write)).code]).toEqual([400, 'PGRST122']);
    const lenient = await rest('/pref_items?select=id&id=eq.1', {
      headers: { Prefer: 'handling=lenient, anything' },
    });
    expect([lenient.status, lenient.headers.get('preference-applied')]).toEqual([
      200,
      'handling=lenient',
    ]);
    const rows = await db().query(`select 1 from public.pref_log where message = 'refused'`);
    expect(rows.rows).toEqual([]);
  });

  it('Preference-Applied lists what each kind of request honoured', async () => {
    const read = await rest('/pref_items?select=id', {
      headers: { Prefer: 'count=exact, return=representation, resolution=merge-duplicates' },
    });
    expect(read.headers.get('preference-applied')).toBe('count=exact');
    const plain = await rest('/pref_items?select=id');
    expect(plain.headers.get('preference-applied')).toBeNull();

    const upsert = await rest('/pref_items?columns=%22id%22,%22name%22&select=id,name,label', {
      method: 'POST',
      headers: {
        Prefer: 'return=representation, resolution=merge-duplicates, count=exact, missing=default',
      },
      body: [
        { id: 1, name: 'a' },
        { id: 60, name: 'new' },
      ],
    });
    expect(upsert.status).toBe(201);
    expect(upsert.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, missing=default, return=representation, count=exact',
    );
    expect(await upsert.json()).toEqual([
      { id: 1, name: 'a', label: 'plain' },
      { id: 60, name: 'new', label: 'plain' },
    ]);

    // Without a key or on_conflict there is nothing to resolve: a plain insert, not echoed.
    const keyless = await rest('/pref_log', {
      method: 'POST',
      headers: { Prefer: 'resolution=ignore-duplicates, return=minimal' },
      body: { message: 'logged' },
    });
    expect([keyless.status, keyless.headers.get('preference-applied')]).toEqual([
      201,
      'return=minimal',
    ]);

    const removed = await rest('/pref_items?id=eq.60', {
      method: 'DELETE',
      headers: { Prefer: 'return=minimal, count=exact, missing=default' },
    });
    expect([removed.status, removed.headers.get('preference-applied')]).toEqual([
      204,
      'return=minimal, count=exact',
    ]);
    const rpc = await rest('/rpc/pref_items_named?_prefix=a', {
      headers: { Prefer: 'count=exact, return=representation' },
    });
    expect([rpc.status, rpc.headers.get('preference-applied')]).toEqual([200, 'count=exact']);
    // Errors carry no Preference-Applied.
    const failed = await rest('/pref_items?nope=eq.1', { headers: { Prefer: 'count=exact' } });
    expect([failed.status, failed.headers.get('preference-applied')]).toEqual([400, null]);
  });

  it('Content-Location on reads: the canonical query, sorted and encoded', async () => {
    const url = '/pref_items?select=id,name&order=id.desc&id=gt.1&id=lt.4&name=neq.a+b';
    const response = await rest(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-location')).toBe(
      '/pref_items?id=gt.1,lt.4&name=neq.a%20b&order=id.desc&select=id%2Cname',
    );
    const head = await rest('/pref_items?apikey=' + stack().anonKey, { method: 'HEAD' });
    expect(head.headers.get('content-location')).toBe('/pref_items');
    const { data } = await stack().client().from('pref_items').select('id').eq('id', 2);
    expect(data).toEqual([{ id: 2 }]);
    const write = await rest('/pref_log', { method: 'POST', body: { message: 'x' } });
    expect([write.status, write.headers.get('content-location')]).toEqual([201, null]);
  });

  it('Accept: text/csv answers CSV with a header row, quoted as PostgREST quotes', async () => {
    const { data, error, status } = await stack()
      .client()
      .from('pref_csv')
      .select('id, name, note, tags, data')
      .order('id')
      .csv();
    expect([status, error]).toEqual([200, null]);
    expect(data).toBe(
      [
        'id,name,note,tags,data',
        '1,plain,,"{x,y}","{""k"": ""v""}"',
        '2,"with, comma","say ""hi""",{},',
        '3,"","back\\\\slash",,"[1, 2]"',
      ].join('\n'),
    );
    const response = await rest('/pref_csv?select=id&id=gt.1&order=id', {
      headers: { Accept: 'text/csv', Prefer: 'count=exact' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-range')).toBe('0-1/2');
    expect(await response.text()).toBe('id\n2\n3');
    const empty = await rest('/pref_csv?id=eq.99', { headers: { Accept: 'text/csv' } });
    expect([empty.status, await empty.text()]).toEqual([200, '\n']);

    // Writes with a representation, and functions returning a set, answer CSV too.
    const inserted = await rest('/pref_log?select=message', {
      method: 'POST',
      headers: { Accept: 'text/csv', Prefer: 'return=representation, tx=rollback' },
      body: [{ message: 'one' }, { message: 'two, three' }],
    });
    expect([inserted.status, await inserted.text()]).toEqual([201, 'message\none\n"two, three"']);
    const rpc = await rest('/rpc/pref_items_named?_prefix=b&select=id,name', {
      headers: { Accept: 'text/csv' },
    });
    expect(await rpc.text()).toBe('id,name\n2,b');

    // q-values order the choices; the first the endpoint offers wins.
    const preferred = await rest('/pref_csv?select=id&id=eq.1', {
      headers: { Accept: 'text/csv;q=0.5, application/json' },
    });
    expect(await preferred.json()).toEqual([{ id: 1 }]);
  });

  it('unsupported Accept types are 406 PGRST107', async () => {
    for (const type of ['text/plain', 'application/openapi+json', 'image/png', 'text/csv;q=0']) {
      const response = await rest('/pref_csv', { headers: { Accept: type } });
      expect([type, response.status]).toEqual([type, 406]);
      expect(await errorOf(response)).toEqual({
        code: 'PGRST107',
        message: `None of these media types are available: ${type}`,
        details: null,
        hint: null,
      });
    }
    const scalar = await rest('/rpc/pref_count', { headers: { Accept: 'text/csv' } });
    expect([scalar.status, (await errorOf(scalar)).code]).toEqual([406, 'PGRST107']);
    const root = await rest('/', { headers: { Accept: 'text/csv' } });
    expect([root.status, (await errorOf(root)).code]).toEqual([406, 'PGRST107']);
  });

  it('GET / describes, as OpenAPI 2.0, only what the role has grants on', async () => {
    const { data, error, status } = await stack().client().getOpenApiSpec();
    expect([status, error]).toEqual([200, null]);
    const spec = data as unknown as OpenApi;
    expect(spec.swagger).toBe('2.0');
    expect(spec.basePath).toBe('/rest/v1');
    expect(Object.keys(spec.paths['/pref_items'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    // Verbs follow the grants: anon may only read tokens and pref_csv, and add to pref_log.
    expect(Object.keys(spec.paths['/tokens'] ?? {})).toEqual(['get']);
    expect(Object.keys(spec.paths['/pref_log'] ?? {}).sort()).toEqual(['get', 'post']);
    const items = spec.definitions.pref_items;
    expect(items?.type).toBe('object');
    expect(items?.description).toBe('Items for preference tests');
    expect(items?.required).toEqual(['id', 'name', 'role']);
    expect(items?.properties).toEqual({
      id: { type: 'integer', format: 'integer', description: 'Note:\nThis is a Primary Key.<pk/>' },
      name: { type: 'string', format: 'text' },
      note: { type: 'string', format: 'text', description: 'A free note' },
      code: { type: 'string', format: 'character varying', maxLength: 12 },
      role: { type: 'string', format: 'app_role', default: 'user', enum: ['admin', 'user'] },
      label: { type: 'string', format: 'text', default: 'plain' },
    });
    expect(spec.definitions.pref_csv?.properties.tags).toEqual({
      type: 'array',
      format: 'text[]',
      items: { type: 'string' },
    });
    expect(spec.definitions.pref_csv?.properties.data).toEqual({ format: 'jsonb' });
    expect(spec.parameters['rowFilter.pref_items.id']).toMatchObject({ in: 'query', name: 'id' });
    expect(spec.parameters['body.pref_items']).toMatchObject({
      in: 'body',
      schema: { $ref: '#/definitions/pref_items' },
    });
    // Stable functions may be read with GET; volatile ones only posted.
    expect(Object.keys(spec.paths['/rpc/pref_items_named'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/rpc/pref_delete_items'] ?? {})).toEqual(['post']);

    // Never exposed: tables without any grant, withheld columns, functions without EXECUTE,
    // trigger functions.
    for (const hidden of ['/pref_hidden', '/quiz_answers', '/profiles', '/rpc/pref_staff_only']) {
      expect([hidden, spec.paths[hidden]]).toEqual([hidden, undefined]);
    }
    expect(spec.definitions.pref_hidden).toBeUndefined();
    expect(spec.definitions.quiz_answers).toBeUndefined();
    expect(
      Object.keys(spec.definitions.quiz_question_translations?.properties ?? {}),
    ).not.toContain('explanations');
    expect(Object.keys(spec.paths).filter((path) => path.includes('set_updated_at'))).toEqual([]);
    expect(JSON.stringify(spec)).not.toContain('pref_hidden');
  });

  it('GET / for a user and the service role follows their grants', async () => {
    const get = async (token: string): Promise<OpenApi> => {
      const response = await rest('/', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/openapi+json' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
      return (await response.json()) as OpenApi;
    };
    const user = await get(stack().userToken(userA));
    expect(user.paths['/rpc/pref_staff_only']).toBeDefined();
    expect(Object.keys(user.paths['/profiles'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(user.definitions.profiles?.properties ?? {})).toContain('full_name');
    expect(user.paths['/pref_hidden']).toBeUndefined();
    const service = await get(stack().serviceKey);
    expect(Object.keys(service.paths['/profiles'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    expect(service.paths['/pref_hidden']).toBeUndefined();
    expect(service.paths['/quiz_answers']).toBeUndefined();
  });

  it('the root refuses other verbs and schemas, and HEAD has no body', async () => {
    const post = await rest('/', { method: 'POST', body: {} });
    expect([post.status, (await errorOf(post)).code]).toEqual([405, 'PGRST117']);
    const schema = await rest('/', { headers: { 'Accept-Profile': 'auth' } });
    expect([schema.status, (await errorOf(schema)).code]).toEqual([406, 'PGRST106']);
    const head = await rest('', { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    const json = await rest('/', { headers: { Accept: 'application/json' } });
    expect([json.status, ((await json.json()) as OpenApi).swagger]).toEqual([200, '2.0']);
  });
});
