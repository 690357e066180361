import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/catalog.ts';
import {
  checkToken,
  IN_DEPTH_RANK,
  providerPage,
  TOKEN_SECTION_MAX_LENGTH,
  type TokenInput,
  type TokenTextInput,
} from '../../shared/content/tokenRules.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, ids, seedContent, userA, userB, type TestUser } from './fixtures.ts';
import { gif, png, storageStack } from './storage-stack.ts';

// The admin's token sheets through the API the admin page uses: admin_save_token (one sheet,
// three languages, one transaction, checked as shared/content/tokenRules.ts checks it),
// admin_delete_token, and the token-icons bucket (admins write PNG only, anyone downloads).

type Json = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };

const texts = (language: string): TokenTextInput => ({
  about: `About the probe, in ${language}.`,
  quick_summary: `The probe in one sentence (${language}).`,
  use_cases: ['Testing', 'Probing'],
  strengths: ['Predictable'],
  challenges: ['Imaginary'],
  how_to_buy: 'It cannot be bought.',
  how_to_store: 'Nowhere.',
  common_mistakes: ['Believing it exists'],
  history: null,
  technology: null,
  ecosystem: null,
});

function sheet(id: string, change: (token: TokenInput) => void = () => undefined): TokenInput {
  const token: TokenInput = {
    id,
    symbol: 'PRB',
    name: 'Probe',
    rank: 400,
    links: { website: 'https://probe.example', whitepaper: null, provider: providerPage(id) },
    last_reviewed: '2026-11-27',
    translations: { fr: texts('fr'), en: texts('en'), es: texts('es') },
  };
  change(token);
  return token;
}

describeOnEachDatabase('admin token sheets', ({ db }) => {
  const stack = storageStack(db);
  type Who = 'anon' | TestUser;
  const as = (who: Who): SupabaseClient => stack().client(who);
  const save = async (who: Who, originalId: string | null, token: unknown): Promise<Answer> => {
    const answer = await as(who).rpc('admin_save_token', {
      _original_id: originalId,
      _token: token,
    });
    return { data: answer.data as unknown, error: answer.error };
  };
  const remove = async (who: Who, id: string): Promise<Answer> => {
    const answer = await as(who).rpc('admin_delete_token', { _id: id });
    return { data: answer.data as unknown, error: answer.error };
  };

  beforeAll(async () => {
    await seedContent(db());
  });

  describe('who may', () => {
    it('refuses every admin function to visitors and signed-in users with 42501', async () => {
      for (const who of ['anon', userA] as const) {
        const saved = await save(who, null, sheet(`refused-${who === 'anon' ? 'anon' : 'a'}`));
        expect(saved.error?.code, who === 'anon' ? who : who.email).toBe('42501');
        const updated = await save(who, 'bitcoin', sheet('bitcoin'));
        expect(updated.error?.code).toBe('42501');
        const deleted = await remove(who, 'bitcoin');
        expect(deleted.error?.code).toBe('42501');
      }
      const { rows } = await db().query(
        `select id, name from public.tokens where id in ('bitcoin', 'refused-a', 'refused-anon')`,
      );
      expect(rows).toEqual([{ id: 'bitcoin', name: 'Bitcoin' }]);
    });

    it('refuses direct writes of signed-in users with 42501 (or no row touched)', async () => {
      const client = as(userA);
      const insert = await client
        .from('tokens')
        .insert({ id: 'direct-coin', symbol: 'DIR', name: 'Direct' });
      expect(insert.error?.code).toBe('42501');
      const text = await client
        .from('token_translations')
        .insert({ token_id: 'bitcoin', language: 'fr', about: 'Pirate.' });
      expect(text.error?.code).toBe('42501');
      const update = await client
        .from('tokens')
        .update({ name: 'Pirate' })
        .eq('id', 'bitcoin')
        .select();
      expect(update).toMatchObject({ error: null, data: [] });
      const deleted = await client.from('tokens').delete().eq('id', 'bitcoin').select();
      expect(deleted).toMatchObject({ error: null, data: [] });
      const counted = await client.rpc('record_provider_calls', { _provider_calls: 1000 });
      expect(counted.error?.code).toBe('42501');
    });
  });

  describe('saving', () => {
    it('creates a sheet with its three languages, then updates it in place', async () => {
      const created = await save(adminUser, null, sheet('probe-one'));
      expect(created).toMatchObject({ data: 'probe-one', error: null });

      const changed = sheet('probe-one', (token) => {
        token.name = 'Probe One';
        token.rank = IN_DEPTH_RANK;
        token.links.whitepaper = 'https://probe.example/paper.pdf';
        for (const language of LANGUAGES) {
          token.translations[language].history = `History (${language}).`;
          token.translations[language].technology = `Technology (${language}).`;
          token.translations[language].ecosystem = `Ecosystem (${language}).`;
        }
        token.translations.es.use_cases = ['Probar', 'Medir', 'Aprender'];
      });
      const updated = await save(adminUser, 'probe-one', changed);
      expect(updated).toMatchObject({ data: 'probe-one', error: null });

      const { data, error }: { data: unknown; error: unknown } = await as('anon')
        .from('tokens')
        .select('*, token_translations(*)')
        .eq('id', 'probe-one')
        .single();
      expect(error).toBeNull();
      const row = data as Json & { token_translations: Json[] };
      expect(row).toMatchObject({
        symbol: 'PRB',
        name: 'Probe One',
        rank: IN_DEPTH_RANK,
        website_url: 'https://probe.example',
        whitepaper_url: 'https://probe.example/paper.pdf',
        provider_url: providerPage('probe-one'),
        last_reviewed: '2026-11-27',
        icon_path: null,
      });
      const spanish = row.token_translations.find((text) => text.language === 'es');
      expect(row.token_translations).toHaveLength(3);
      expect(spanish).toMatchObject({
        about: 'About the probe, in es.',
        use_cases: ['Probar', 'Medir', 'Aprender'],
        history: 'History (es).',
      });
    });

    it('lists the sheets with how many of their 33 texts are written, for admins only', async () => {
      for (const who of ['anon', userA] as const) {
        const refused = await as(who).rpc('admin_token_overview');
        expect(refused.error?.code).toBe('42501');
      }
      const listed = await as(adminUser).rpc('admin_token_overview');
      expect(listed.error).toBeNull();
      const rows = listed.data as Json[];
      expect(rows.map((row) => row.id)).toEqual(['bitcoin', 'ethereum', 'probe-one']);
      expect(rows[2]).toMatchObject({
        symbol: 'PRB',
        name: 'Probe One',
        rank: IN_DEPTH_RANK,
        last_reviewed: '2026-11-27',
        sections_filled: 33,
      });
      // The fixtures give bitcoin an English "about" only.
      expect(rows[0]).toMatchObject({ id: 'bitcoin', sections_filled: 1 });
    });

    it('says 23505 for an id taken, PT404 for an unknown sheet, 22023 for a changed id', async () => {
      expect((await save(adminUser, null, sheet('bitcoin'))).error?.code).toBe('23505');
      expect((await save(adminUser, 'no-such-coin', sheet('no-such-coin'))).error?.code).toBe(
        'PT404',
      );
      const renamed = await save(adminUser, 'ethereum', sheet('ether'));
      expect(renamed.error?.code).toBe('22023');
      expect(renamed.error?.message).toMatch(/^id: /);
    });

    // Each change breaks one rule: the server refuses it with 22023 naming the field, and the
    // shared rules the form runs name the same field.
    const broken: [string, string, (token: TokenInput) => void][] = [
      [
        'id',
        'an id with a capital',
        (t) => ((t.id = 'Probe'), (t.links.provider = providerPage('Probe'))),
      ],
      ['symbol', 'a lower-case symbol', (t) => (t.symbol = 'prb')],
      ['symbol', 'a symbol of 21 characters', (t) => (t.symbol = 'S'.repeat(21))],
      ['name', 'an empty name', (t) => (t.name = '  ')],
      ['rank', 'rank 0', (t) => (t.rank = 0)],
      ['rank', 'a rank of 1.5', (t) => (t.rank = 1.5)],
      ['links.website', 'an http website', (t) => (t.links.website = 'http://probe.example')],
      [
        'links.whitepaper',
        'a whitepaper with a space',
        (t) => (t.links.whitepaper = 'https://a b'),
      ],
      ['links.provider', 'another provider page', (t) => (t.links.provider = providerPage('x'))],
      ['last_reviewed', 'February 30th', (t) => (t.last_reviewed = '2026-02-30')],
      ['translations.en.about', 'a blank about', (t) => (t.translations.en.about = '')],
      ['translations.fr.about', 'spaces around about', (t) => (t.translations.fr.about = ' x ')],
      [
        'translations.es.quick_summary',
        'a summary one character too long',
        (t) =>
          (t.translations.es.quick_summary = 'x'.repeat(
            TOKEN_SECTION_MAX_LENGTH.quick_summary + 1,
          )),
      ],
      [
        'translations.en.how_to_buy',
        'a placeholder',
        (t) => (t.translations.en.how_to_buy = 'TODO'),
      ],
      ['translations.fr.strengths', 'an empty list', (t) => (t.translations.fr.strengths = [])],
      [
        'translations.fr.challenges',
        '21 items',
        (t) => (t.translations.fr.challenges = Array.from({ length: 21 }, (_, i) => `C${i}`)),
      ],
      [
        'translations.es.use_cases[1]',
        'an item of 2,001 characters',
        (t) => (t.translations.es.use_cases = ['ok', 'x'.repeat(2_001)]),
      ],
      [
        'translations.fr.history',
        'a top sheet without history',
        (t) => {
          t.rank = IN_DEPTH_RANK;
          for (const language of LANGUAGES) {
            t.translations[language].history = 'H.';
            t.translations[language].technology = 'T.';
            t.translations[language].ecosystem = 'E.';
          }
          t.translations.fr.history = null;
        },
      ],
      [
        'translations.*.ecosystem',
        'an ecosystem in French only',
        (t) => (t.translations.fr.ecosystem = 'Seulement en français.'),
      ],
      [
        'translations.es',
        'no Spanish',
        (t) => delete (t.translations as Partial<TokenInput['translations']>).es,
      ],
      ['extra', 'an unknown field', (t) => Object.assign(t, { extra: 1 })],
    ];
    it.each(broken)(
      'refuses %s: %s, with 22023, as the shared rules do',
      async (field, _label, change) => {
        const token = sheet('probe-broken', change);
        expect(checkToken(token).map((problem) => problem.field)).toContain(field);
        const answer = await save(adminUser, null, token);
        expect(answer.error?.code).toBe('22023');
        expect(answer.error?.message.startsWith(`${field}: `), answer.error?.message).toBe(true);
        const { rows } = await db().query(`select 1 from public.tokens where id = 'probe-broken'`);
        expect(rows).toEqual([]);
      },
    );

    it('accepts what the shared rules accept at their edges', async () => {
      const edge = sheet('probe-edge', (token) => {
        token.symbol = 'S'.repeat(20);
        token.name = 'n'.repeat(100);
        token.translations.es.quick_summary = '🪙'.repeat(TOKEN_SECTION_MAX_LENGTH.quick_summary);
        token.translations.fr.challenges = Array.from({ length: 20 }, (_, i) => `C${i}`);
        token.translations.en.use_cases = ['x'.repeat(2_000)];
        token.last_reviewed = '2028-02-29';
      });
      expect(checkToken(edge)).toEqual([]);
      expect(await save(adminUser, null, edge)).toMatchObject({ data: 'probe-edge', error: null });
    });
  });

  describe('icons', () => {
    const bucket = () => as(adminUser).storage.from('token-icons');

    it('lets admins upload a PNG, anyone download it, and refuses other types and sizes', async () => {
      const uploaded = await bucket().upload('probe-one/icon-1.png', png(), {
        contentType: 'image/png',
      });
      expect(uploaded.error).toBeNull();
      const url = as('anon').storage.from('token-icons').getPublicUrl('probe-one/icon-1.png');
      const download = await fetch(url.data.publicUrl);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(png());

      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      for (const [bytes, type] of [
        [svg, 'image/svg+xml'],
        [svg, 'image/png'],
        [gif(), 'image/gif'],
      ] as const) {
        const refused = await bucket().upload(`probe-one/refused-${type.length}.png`, bytes, {
          contentType: type,
        });
        expect((refused.error as { statusCode?: string } | null)?.statusCode).toBe('415');
      }
      const large = await bucket().upload('probe-one/large.png', png(262_145), {
        contentType: 'image/png',
      });
      expect((large.error as { statusCode?: string } | null)?.statusCode).toBe('413');
    });

    it('refuses uploads of visitors and signed-in users', async () => {
      for (const who of ['anon', userB] as const) {
        const refused = await stack()
          .client(who)
          .storage.from('token-icons')
          .upload('probe-one/intruder.png', png(), { contentType: 'image/png' });
        expect((refused.error as { statusCode?: string } | null)?.statusCode).toBe('403');
      }
      const removed = await as(userA).storage.from('token-icons').remove(['probe-one/icon-1.png']);
      expect(removed.data).toEqual([]);
      const { rows } = await db().query(
        `select name from storage.objects where bucket_id = 'token-icons' order by name`,
      );
      expect(rows).toEqual([{ name: 'probe-one/icon-1.png' }]);
    });

    it('points a sheet at an uploaded icon of its own, keeps it, and clears it', async () => {
      const withIcon = { ...sheet('probe-one'), icon_path: 'probe-one/icon-1.png' };
      expect((await save(adminUser, 'probe-one', withIcon)).error).toBeNull();
      const iconOf = async () =>
        (await db().query(`select icon_path from public.tokens where id = 'probe-one'`)).rows;
      expect(await iconOf()).toEqual([{ icon_path: 'probe-one/icon-1.png' }]);
      // Without icon_path the icon stays; null removes it.
      expect((await save(adminUser, 'probe-one', sheet('probe-one'))).error).toBeNull();
      expect(await iconOf()).toEqual([{ icon_path: 'probe-one/icon-1.png' }]);
      for (const path of ['probe-one/missing.png', 'bitcoin/icon-1.png', 'probe-one/icon.svg']) {
        const refused = await save(adminUser, 'probe-one', {
          ...sheet('probe-one'),
          icon_path: path,
        });
        expect(refused.error?.code, path).toBe('22023');
        expect(refused.error?.message).toMatch(/^icon_path: /);
      }
      expect(
        (await save(adminUser, 'probe-one', { ...sheet('probe-one'), icon_path: null })).error,
      ).toBeNull();
      expect(await iconOf()).toEqual([{ icon_path: null }]);
    });
  });

  describe('deleting', () => {
    it('deletes the sheet, its texts, its market row and the favourites that named it', async () => {
      await db().query(
        `insert into public.favorites (user_id, token_id) values ($1, 'ethereum'), ($2, 'ethereum'), ($1, 'bitcoin')`,
        [ids.userA, ids.userB],
      );
      await db().query(
        `insert into public.token_market (token_id, price_usd) values ('ethereum', 2)`,
      );
      expect(await remove(adminUser, 'ethereum')).toMatchObject({ error: null });
      const { rows } = await db().query<{ what: string; count: number }>(
        `select 'tokens' as what, count(*)::int as count from public.tokens where id = 'ethereum'
         union all select 'texts', count(*)::int from public.token_translations where token_id = 'ethereum'
         union all select 'market', count(*)::int from public.token_market where token_id = 'ethereum'
         union all select 'favorites', count(*)::int from public.favorites where token_id = 'ethereum'
         union all select 'other favorites', count(*)::int from public.favorites where token_id = 'bitcoin'`,
      );
      expect(rows).toEqual([
        { what: 'tokens', count: 0 },
        { what: 'texts', count: 0 },
        { what: 'market', count: 0 },
        { what: 'favorites', count: 0 },
        { what: 'other favorites', count: 1 },
      ]);
      expect((await remove(adminUser, 'ethereum')).error?.code).toBe('PT404');
    });
  });
});
