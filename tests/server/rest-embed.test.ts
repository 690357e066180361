import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, userA } from './fixtures.ts';
import { seededStack } from './stack.ts';

// Embedded resources through foreign keys: shapes, filters on the embed, !inner, ordering
// inside the embed, and RLS applying to the embedded table.

describeOnEachDatabase('REST embeds', ({ db }) => {
  const stack = seededStack(db, {
    beforeStart: (database) =>
      database.exec(`insert into public.token_translations (token_id, language, about, quick_summary)
      values ('bitcoin', 'fr', 'À propos', 'Résumé'), ('bitcoin', 'es', 'Acerca', 'Resumen')`),
  });

  it('one-to-many is an array, many-to-one an object', async () => {
    const { data, error } = await stack()
      .client()
      .from('tokens')
      .select('id, token_translations(language), token_market(price_usd)')
      .order('id')
      .order('language', { referencedTable: 'token_translations' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 'bitcoin',
        token_translations: [{ language: 'en' }, { language: 'es' }, { language: 'fr' }],
        token_market: { price_usd: 1 },
      },
      // token_market's key is its primary key: one-to-one, so an object or null.
      { id: 'ethereum', token_translations: [{ language: 'en' }], token_market: null },
    ]);
    const terms = await stack()
      .client()
      .from('term_translations')
      .select('title, terms(slug)')
      .order('title');
    expect(terms.data).toEqual([
      { title: 'Blockchain', terms: { slug: 'blockchain' } },
      { title: 'Wallet', terms: { slug: 'wallet' } },
    ]);
  });

  it('a to-one embed: its filter empties it and keeps the parent; !inner drops the parent', async () => {
    const client = stack().client();
    const over = await client
      .from('tokens')
      .select('id, token_market(price_usd)')
      .gt('token_market.price_usd', 5)
      .order('id');
    expect(over.data).toEqual([
      { id: 'bitcoin', token_market: null },
      { id: 'ethereum', token_market: null },
    ]);
    const inner = await client
      .from('tokens')
      .select('id, token_market!inner(price_usd)')
      .lt('token_market.price_usd', 5)
      .order('id');
    expect(inner.data).toEqual([{ id: 'bitcoin', token_market: { price_usd: 1 } }]);
    const terms = await client
      .from('term_translations')
      .select('title, terms(slug)')
      .eq('terms.slug', 'wallet')
      .order('title')
      .limit(1);
    expect(terms.data).toEqual([{ title: 'Blockchain', terms: null }]);
  });

  it('an or on an embed matches only rows of that parent', async () => {
    const client = stack().client();
    const many = await client
      .from('tokens')
      .select('id, token_translations(language)')
      .or('language.eq.fr,language.eq.es', { referencedTable: 'token_translations' })
      .order('id')
      .order('language', { referencedTable: 'token_translations' });
    expect(many.data).toEqual([
      { id: 'bitcoin', token_translations: [{ language: 'es' }, { language: 'fr' }] },
      { id: 'ethereum', token_translations: [] },
    ]);
    const one = await client
      .from('term_translations')
      .select('title, terms(slug)')
      .or('slug.eq.wallet,slug.eq.blockchain', { referencedTable: 'terms' })
      .order('title');
    expect(one.data).toEqual([
      { title: 'Blockchain', terms: { slug: 'blockchain' } },
      { title: 'Wallet', terms: { slug: 'wallet' } },
    ]);
    const inner = await client
      .from('tokens')
      .select('id, tr:token_translations!inner(language)')
      .or('language.eq.fr,language.eq.es', { referencedTable: 'tr' })
      .order('id')
      .order('language', { referencedTable: 'tr' });
    expect(inner.data).toEqual([{ id: 'bitcoin', tr: [{ language: 'es' }, { language: 'fr' }] }]);
  });

  it('a nested !inner embed with no row drops the parent, not only its own embed', async () => {
    const read = (language: string) =>
      stack()
        .client()
        .from('term_translations')
        .select('title, terms!inner(slug, term_translations!inner(language))')
        .eq('terms.term_translations.language', language)
        .order('title');
    expect((await read('fr')).data).toEqual([]);
    expect((await read('en')).data).toEqual([
      {
        title: 'Blockchain',
        terms: { slug: 'blockchain', term_translations: [{ language: 'en' }] },
      },
      { title: 'Wallet', terms: { slug: 'wallet', term_translations: [{ language: 'en' }] } },
    ]);
  });

  it('filters on an embed filter the children only; !inner filters the parents', async () => {
    const left = await stack()
      .client()
      .from('tokens')
      .select('id, token_translations(language, quick_summary)')
      .eq('token_translations.language', 'fr')
      .order('id');
    expect(left.data).toEqual([
      { id: 'bitcoin', token_translations: [{ language: 'fr', quick_summary: 'Résumé' }] },
      { id: 'ethereum', token_translations: [] },
    ]);
    const inner = await stack()
      .client()
      .from('tokens')
      .select('id, tr:token_translations!inner(language)')
      .eq('tr.language', 'fr');
    expect(inner.data).toEqual([{ id: 'bitcoin', tr: [{ language: 'fr' }] }]);
  });

  it('logic trees on an embed filter its rows', async () => {
    const { data } = await stack()
      .client()
      .from('tokens')
      .select('id, token_translations(language)')
      .eq('id', 'bitcoin')
      .or('language.eq.fr,language.eq.es', { referencedTable: 'token_translations' })
      .order('language', { referencedTable: 'token_translations' });
    expect(data).toEqual([
      { id: 'bitcoin', token_translations: [{ language: 'es' }, { language: 'fr' }] },
    ]);
  });

  it('limits and orders inside an embed, and filters parents by existence', async () => {
    const { data } = await stack()
      .client()
      .from('tokens')
      .select('id, token_translations(language)')
      .eq('id', 'bitcoin')
      .order('language', { referencedTable: 'token_translations', ascending: false })
      .limit(1, { referencedTable: 'token_translations' });
    expect(data).toEqual([{ id: 'bitcoin', token_translations: [{ language: 'fr' }] }]);
    const withMarket = await stack()
      .client()
      .from('tokens')
      .select('id, token_market()')
      .not('token_market', 'is', null);
    expect(withMarket.data).toEqual([{ id: 'bitcoin' }]);
  });

  it('RLS applies to the embedded table', async () => {
    const anon = await stack().client().from('tokens').select('id, favorites(user_id)').order('id');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const a = await stack()
      .client(userA)
      .from('tokens')
      .select('id, favorites(user_id)')
      .order('id');
    expect(a.data).toEqual([
      { id: 'bitcoin', favorites: [{ user_id: userA.id }] },
      { id: 'ethereum', favorites: [] },
    ]);
  });

  it('a write answers its rows in the order written, with their to-one embeds', async () => {
    const admin = stack().client(adminUser);
    const updated = await admin
      .from('tokens')
      .update({ name: 'Bitcoin (BTC)' })
      .eq('id', 'bitcoin')
      .select('id, name, token_market(price_usd)');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([
      { id: 'bitcoin', name: 'Bitcoin (BTC)', token_market: { price_usd: 1 } },
    ]);
    const written = ['tron', 'cardano', 'solana', 'aave'];
    const { data, error } = await admin
      .from('tokens')
      .insert(written.map((id) => ({ id, symbol: id.slice(0, 3).toUpperCase(), name: id })))
      .select('id, token_market(price_usd)');
    expect(error).toBeNull();
    expect(data).toEqual(written.map((id) => ({ id, token_market: null })));
    await admin.from('tokens').delete().in('id', written);
  });

  it('a column named like one of the statement’s own aliases is a column, not the row', async () => {
    const query = () =>
      stack()
        .client()
        .from('tokens')
        .select('_r:id, token_market(_j1:price_usd), token_translations(_j4:language)')
        .eq('id', 'ethereum');
    const rows = await query();
    expect(rows.data).toEqual([
      { _r: 'ethereum', token_market: null, token_translations: [{ _j4: 'en' }] },
    ]);
    const single = await query().single();
    expect(single.data).toEqual(rows.data?.[0]);
    const csv = await stack().client().from('tokens').select('_r:id').eq('id', 'ethereum').csv();
    expect(csv.data).toBe('_r\nethereum');
  });

  it('unknown relation 400 PGRST200; filter on a missing embed 400 PGRST108', async () => {
    const unknown = await stack().client().from('tokens').select('id, terms(slug)');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST200');
    const missing = await stack()
      .client()
      .from('tokens')
      .select('id')
      .eq('token_translations.language', 'fr');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST108');
  });
});
