import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, userA, userB } from './fixtures.ts';
import { seededStack } from './stack.ts';

// Inserts, upserts, updates and deletes with the status PostgREST answers for each Prefer, a key
// missing from one row of a bulk insert, unfiltered writes refused, and constraint errors.

describeOnEachDatabase('REST writes', ({ db }) => {
  const stack = seededStack(db);

  const tokenCount = async (): Promise<number> =>
    (await db().query<{ n: number }>('select count(*)::int as n from public.tokens')).rows[0]?.n ??
    -1;

  it('insert: 201 without body; with select 201 and an array; single object', async () => {
    const admin = stack().client(adminUser);
    const minimal = await admin
      .from('tokens')
      .insert({ id: 'solana', symbol: 'SOL', name: 'Solana' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const rows = await admin
      .from('tokens')
      .insert({ id: 'cardano', symbol: 'ADA', name: 'Cardano' })
      .select('id, name');
    expect(rows.status).toBe(201);
    expect(rows.data).toEqual([{ id: 'cardano', name: 'Cardano' }]);
    const single = await admin
      .from('tokens')
      .insert({ id: 'tron', symbol: 'TRX', name: 'Tron' })
      .select('id')
      .single();
    expect(single.data).toEqual({ id: 'tron' });
  });

  it('bulk insert: a key missing from one row is NULL, not the default; count', async () => {
    const service = stack().client('service');
    const { data, error, count } = await service
      .from('tokens')
      .insert(
        [
          { id: 'bulk-1', symbol: 'B1', name: 'Bulk one' },
          { id: 'bulk-2', symbol: 'B2', name: 'Bulk two', rank: 9 },
        ],
        { count: 'exact' },
      )
      .select('id, rank');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { id: 'bulk-1', rank: null },
      { id: 'bulk-2', rank: 9 },
    ]);
  });

  it('missing=default (defaultToNull: false): absent keys take the DEFAULT, per row', async () => {
    const service = stack().client('service');
    const message = {
      name: 'Zed',
      email: 'zed@example.test',
      subject: 'general',
      message: 'Hello there, team!',
    };
    const rows = [{ ...message, locale: 'en' }, message];
    const nulls = await service.from('contact_messages').insert(rows);
    expect([nulls.status, nulls.error?.code]).toEqual([400, '23502']);
    const { data, error } = await service
      .from('contact_messages')
      .insert(rows, { defaultToNull: false })
      .select('id, locale, status');
    expect(error).toBeNull();
    const inserted = data as { id: string; locale: string; status: string }[];
    expect(inserted.map((row) => [row.locale, row.status])).toEqual([
      ['en', 'new'],
      ['fr', 'new'],
    ]);
    expect(inserted[0]?.id).not.toBe(inserted[1]?.id);
  });

  it('single() on a two-row insert: 406 and nothing inserted (rollback)', async () => {
    const before = await tokenCount();
    const { status, error } = await stack()
      .client('service')
      .from('tokens')
      .insert([
        { id: 'roll-1', symbol: 'R1', name: 'R1' },
        { id: 'roll-2', symbol: 'R2', name: 'R2' },
      ])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(await tokenCount()).toBe(before);
  });

  it('unknown column: 400 PGRST204', async () => {
    const { status, error } = await stack()
      .client('service')
      .from('tokens')
      .insert({ id: 'x', nope: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST204');
  });

  it('upsert: 201 when inserting, 200 when only merging; ignore-duplicates', async () => {
    const service = stack().client('service');
    const inserted = await service
      .from('token_market')
      .upsert({ token_id: 'ethereum', price_usd: 2 }, { onConflict: 'token_id' })
      .select('token_id, price_usd');
    expect(inserted.status).toBe(201);
    const merged = await service
      .from('token_market')
      .upsert([{ token_id: 'ethereum', price_usd: 3 }], { onConflict: 'token_id', count: 'exact' })
      .select('price_usd');
    expect(merged.status).toBe(200);
    expect(merged.count).toBe(1);
    expect(merged.data).toEqual([{ price_usd: 3 }]);
    const ignored = await service
      .from('token_market')
      .upsert({ token_id: 'ethereum', price_usd: 99 }, { ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const price = await db().query<{ p: string }>(
      `select price_usd::text as p from public.token_market where token_id = 'ethereum'`,
    );
    expect(price.rows[0]?.p).toBe('3');
  });

  it('update: 204, or 200 with rows; RLS-hidden rows are not touched', async () => {
    const admin = stack().client(adminUser);
    const plain = await admin.from('tokens').update({ rank: 7 }).eq('id', 'solana');
    expect(plain.status).toBe(204);
    expect(plain.data).toBeNull();
    const rows = await admin
      .from('tokens')
      .update({ rank: 8 })
      .eq('id', 'solana')
      .select('id, rank');
    expect(rows.status).toBe(200);
    expect(rows.data).toEqual([{ id: 'solana', rank: 8 }]);
    const b = await stack()
      .client(userB)
      .from('profiles')
      .update({ full_name: 'Mallory' })
      .eq('user_id', userA.id);
    expect(b.status).toBe(204);
    const name = await db().query<{ n: string }>(
      'select full_name as n from public.profiles where user_id = $1',
      [userA.id],
    );
    expect(name.rows[0]?.n).toBe('Alice');
  });

  it('delete: 204, 200 with rows; unfiltered PATCH/DELETE refused with 400 21000', async () => {
    const service = stack().client('service');
    expect((await service.from('tokens').delete().eq('id', 'tron')).status).toBe(204);
    const rows = await service.from('tokens').delete().eq('id', 'cardano').select('id');
    expect(rows.status).toBe(200);
    expect(rows.data).toEqual([{ id: 'cardano' }]);
    const before = await tokenCount();
    const all = await service.from('tokens').delete();
    expect(all.status).toBe(400);
    expect(all.error?.code).toBe('21000');
    expect(all.error?.message).toBe('DELETE requires a WHERE clause');
    const patch = await service.from('tokens').update({ rank: 1 });
    expect(patch.status).toBe(400);
    expect(patch.error?.code).toBe('21000');
    expect(await tokenCount()).toBe(before);
    expect((await service.from('tokens').delete().eq('id', 'nothing-here')).status).toBe(204);
  });

  it('favorites: a user adds and removes their own only', async () => {
    const a = stack().client(userA);
    expect(
      (await a.from('favorites').insert({ user_id: userA.id, token_id: 'ethereum' })).status,
    ).toBe(201);
    const forB = await a.from('favorites').insert({ user_id: userB.id, token_id: 'bitcoin' });
    expect(forB.status).toBe(403);
    expect(forB.error?.code).toBe('42501');
    expect(forB.error?.message).toContain('row-level security');
    const removed = await a
      .from('favorites')
      .delete()
      .eq('token_id', 'ethereum')
      .select('token_id');
    expect(removed.data).toEqual([{ token_id: 'ethereum' }]);
  });

  it('constraint errors: 409 23505 / 23503, 400 23514 / 23502 / 22P02', async () => {
    const service = stack().client('service');
    const duplicate = await service
      .from('tokens')
      .insert({ id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' });
    expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505']);
    expect(duplicate.error?.details).toContain('already exists');
    const fk = await service.from('token_market').insert({ token_id: 'ghost', price_usd: 1 });
    expect([fk.status, fk.error?.code]).toEqual([409, '23503']);
    const check = await service.from('tokens').insert({ id: 'Bad Id', symbol: 'X', name: 'X' });
    expect([check.status, check.error?.code]).toEqual([400, '23514']);
    const notNull = await service.from('tokens').insert({ id: 'nosymbol', name: 'X' });
    expect([notNull.status, notNull.error?.code]).toEqual([400, '23502']);
    const uuid = await service.from('profiles').select().eq('user_id', 'abc');
    expect([uuid.status, uuid.error?.code]).toEqual([400, '22P02']);
  });

  it('anon writes: contact message allowed; token_market refused with 401 42501', async () => {
    const anon = stack().client();
    const message = await anon.from('contact_messages').insert({
      name: 'Zed',
      email: 'zed@example.test',
      subject: 'general',
      message: 'Hello there, team!',
    });
    expect(message.status).toBe(201);
    const market = await anon.from('token_market').insert({ token_id: 'bitcoin', price_usd: 5 });
    expect([market.status, market.error?.code]).toEqual([401, '42501']);
    const asUser = await stack()
      .client(userA)
      .from('token_market')
      .update({ price_usd: 5 })
      .eq('token_id', 'bitcoin');
    expect([asUser.status, asUser.error?.code]).toEqual([403, '42501']);
  });
});
