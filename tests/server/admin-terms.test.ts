import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadContent } from '../../server/seed/load.ts';
import { checkTerm, type TermInput } from '../../shared/content/termRules.ts';
import { countWords } from '../../shared/content/textRules.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, seedContent, seedUsers, userA } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// The dictionary admin's two functions through the REST API, as the term editor calls them:
// only admins write, a term is saved or deleted whole with its three languages, related lists
// follow renames and deletions, and a term the shared rules refuse is refused here too (400,
// never 500). The fixtures hold the terms `blockchain` and `wallet`.

const words = (count: number, word = 'mot') =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

function termOf(slug: string, related = ['blockchain', 'wallet']): TermInput {
  const text = (language: string) => ({
    title: `${slug} (${language})`,
    short_definition: `What ${slug} means, in ${language}.`,
    body: words(90),
    example: `An example of ${slug} in ${language}.`,
  });
  return {
    slug,
    category: 'security',
    related,
    translations: { fr: text('fr'), en: text('en'), es: text('es') },
  };
}

interface Answer<T> {
  data: T | null;
  error: { code: string; message: string } | null;
  status: number;
}
const save = async (client: SupabaseClient, original: string | null, term: unknown) =>
  (await client.rpc('admin_save_term', {
    _original_slug: original,
    _term: term,
  })) as Answer<string>;
const remove = async (client: SupabaseClient, slug: string) =>
  (await client.rpc('admin_delete_term', { _slug: slug })) as Answer<string[]>;

describeOnEachDatabase('admin terms', ({ db }) => {
  let testStack: TestStack;
  const stack = () => testStack;
  let admin: SupabaseClient;
  const relatedOf = async (slug: string) => {
    const { rows } = await db().query<{ related_slugs: string[] }>(
      'select related_slugs from public.terms where slug = $1',
      [slug],
    );
    return rows[0]?.related_slugs;
  };
  const textsOf = async (slug: string) => {
    const { rows } = await db().query<{ language: string; title: string }>(
      `select tt.language, tt.title from public.term_translations tt
       join public.terms t on t.id = tt.term_id where t.slug = $1 order by tt.language`,
      [slug],
    );
    return rows;
  };
  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
    testStack = await startStack(db());
    admin = testStack.client(adminUser);
  });
  afterAll(async () => {
    await testStack.close();
  });

  it('refuses visitors and users who are not admins, on both functions and on the tables', async () => {
    for (const [as, status] of [
      ['anon', 401],
      [userA, 403],
    ] as const) {
      const client = stack().client(as);
      const saved = await save(client, null, termOf('not-allowed'));
      expect([saved.error?.code, saved.status]).toEqual(['42501', status]);
      const deleted = await remove(client, 'wallet');
      expect([deleted.error?.code, deleted.status]).toEqual(['42501', status]);

      const inserted = await client
        .from('terms')
        .insert({ slug: 'not-allowed', category: 'security' });
      expect(inserted.error?.code).toBe('42501');
      await client.from('terms').update({ category: 'trading' }).eq('slug', 'wallet');
      await client.from('terms').delete().eq('slug', 'wallet');
      await client.from('term_translations').update({ title: 'Hacked' }).neq('language', 'xx');
      await client.from('term_translations').delete().neq('language', 'xx');
    }
    const { rows } = await db().query(
      `select t.slug, t.category, count(tt.*)::int as texts,
              bool_or(tt.title = 'Hacked') as hacked
       from public.terms t left join public.term_translations tt on tt.term_id = t.id
       group by 1, 2 order by 1`,
    );
    expect(rows).toEqual([
      { slug: 'blockchain', category: 'technology', texts: 1, hacked: false },
      { slug: 'wallet', category: 'security', texts: 1, hacked: false },
    ]);
  });

  it('lets an admin create a term with its three languages', async () => {
    const term = termOf('cold-wallet');
    const saved = await save(admin, null, term);
    expect([saved.error, saved.data]).toEqual([null, 'cold-wallet']);
    expect(await relatedOf('cold-wallet')).toEqual(['blockchain', 'wallet']);
    expect(await textsOf('cold-wallet')).toEqual([
      { language: 'en', title: 'cold-wallet (en)' },
      { language: 'es', title: 'cold-wallet (es)' },
      { language: 'fr', title: 'cold-wallet (fr)' },
    ]);
    // The public reads it at once.
    const { data } = await stack()
      .client('anon')
      .from('terms')
      .select('slug, term_translations(language)')
      .eq('slug', 'cold-wallet')
      .single();
    expect(data?.term_translations).toHaveLength(3);
  });

  it('edits a term, and a rename follows into the other terms’ related lists', async () => {
    expect((await save(admin, null, termOf('hot-wallet'))).error).toBeNull();
    expect(
      (await save(admin, null, termOf('seed-phrase', ['hot-wallet', 'wallet']))).error,
    ).toBeNull();
    const edited = termOf('online-wallet', ['wallet', 'blockchain', 'seed-phrase']);
    edited.category = 'trading';
    edited.translations.es.title = 'Monedero en línea';
    const saved = await save(admin, 'hot-wallet', edited);
    expect([saved.error, saved.data]).toEqual([null, 'online-wallet']);

    expect(await relatedOf('hot-wallet')).toBeUndefined();
    expect(await relatedOf('online-wallet')).toEqual(['wallet', 'blockchain', 'seed-phrase']);
    expect(await relatedOf('seed-phrase')).toEqual(['online-wallet', 'wallet']);
    expect(await textsOf('online-wallet')).toContainEqual({
      language: 'es',
      title: 'Monedero en línea',
    });
    const { rows } = await db().query(`select category from public.terms where slug = $1`, [
      'online-wallet',
    ]);
    expect(rows).toEqual([{ category: 'trading' }]);
  });

  it('deletes a term, its texts, and the links other terms had to it', async () => {
    expect((await save(admin, null, termOf('paper-wallet'))).error).toBeNull();
    expect(
      (await save(admin, null, termOf('steel-plate', ['paper-wallet', 'wallet']))).error,
    ).toBeNull();
    expect(
      (await save(admin, null, termOf('brain-wallet', ['blockchain', 'paper-wallet']))).error,
    ).toBeNull();

    const deleted = await remove(admin, 'paper-wallet');
    expect([deleted.error, deleted.data]).toEqual([null, ['brain-wallet', 'steel-plate']]);
    expect(await relatedOf('paper-wallet')).toBeUndefined();
    expect(await textsOf('paper-wallet')).toEqual([]);
    expect(await relatedOf('steel-plate')).toEqual(['wallet']);
    expect(await relatedOf('brain-wallet')).toEqual(['blockchain']);

    const again = await remove(admin, 'paper-wallet');
    expect([again.error?.code, again.status, again.data]).toEqual(['PT404', 404, null]);
  });

  it('answers 409 for a slug another term has, and 404 PT404 for an unknown term', async () => {
    expect((await save(admin, null, termOf('multisig'))).error).toBeNull();
    const taken = await save(admin, null, termOf('multisig'));
    expect([taken.error?.code, taken.status]).toEqual(['23505', 409]);
    // Its former slug is still itself: a rename cannot relate the term to it.
    const selfByOldSlug = await save(
      admin,
      'multisig',
      termOf('threshold', ['wallet', 'multisig']),
    );
    expect(selfByOldSlug.error?.code).toBe('22023');
    const ontoTaken = await save(admin, 'multisig', {
      ...termOf('cold-storage'),
      slug: 'wallet',
      related: ['blockchain', 'cold-wallet'],
    });
    expect([ontoTaken.error?.code, ontoTaken.status]).toEqual(['23505', 409]);
    const unknown = await save(admin, 'no-such-term', termOf('no-such-term'));
    expect([unknown.error?.code, unknown.status]).toEqual(['PT404', 404]);
  });

  it('refuses, with 400 and the field named, every term the shared rules refuse', async () => {
    const cases: [string, (term: TermInput & Record<string, unknown>) => void, RegExp][] = [
      [
        'a body of 79 words',
        (t) => (t.translations.fr.body = words(79)),
        /^translations\.fr\.body: has 79 words/,
      ],
      [
        'a body of 251 words',
        (t) => (t.translations.en.body = words(251)),
        /^translations\.en\.body: has 251 words/,
      ],
      ['one related term', (t) => (t.related = ['wallet']), /^related: has 1 items/],
      [
        'six related terms',
        (t) => (t.related = ['a', 'b', 'c', 'd', 'e', 'f']),
        /^related: has 6 items/,
      ],
      [
        'a related term twice',
        (t) => (t.related = ['wallet', 'wallet']),
        /^related: lists the same/,
      ],
      ['itself as related', (t) => (t.related = ['wallet', 'refused']), /^related: a term cannot/],
      [
        'an unknown related',
        (t) => (t.related = ['wallet', 'staking']),
        /^related: "staking" is not a term/,
      ],
      ['a bad slug', (t) => (t.slug = 'Bad Slug'), /^slug: must be lowercase/],
      ['an unknown category', (t) => (t.category = 'crypto'), /^category: is not one of/],
      [
        'a missing language',
        (t) => delete (t.translations as Partial<TermInput['translations']>).es,
        /^translations\.es: missing/,
      ],
      [
        'a blank title',
        (t) => (t.translations.es.title = '   '),
        /^translations\.es\.title: is empty/,
      ],
      ['a padded title', (t) => (t.translations.es.title = 'Title '), /leading or trailing spaces/],
      [
        'a long title',
        (t) => (t.translations.fr.title = 'é'.repeat(201)),
        /is 201 characters long \(at most 200\)/,
      ],
      [
        'a number as example',
        (t) => Object.assign(t.translations.fr, { example: 3 }),
        /^translations\.fr\.example: missing/,
      ],
      ['an unknown field', (t) => (t.extra = true), /^extra: unknown field/],
      [
        'related not a list',
        (t) => ((t as Record<string, unknown>).related = 'wallet'),
        /^related: missing/,
      ],
    ];
    for (const [name, change, message] of cases) {
      const term = termOf('refused') as TermInput & Record<string, unknown>;
      change(term);
      expect(checkTerm(term, { knownSlugs: new Set(['blockchain', 'wallet']) }), name).not.toEqual(
        [],
      );
      const answer = await save(admin, null, term);
      expect([answer.error?.code, answer.status], name).toEqual(['22023', 400]);
      expect(answer.error?.message, name).toMatch(message);
    }
    for (const notATerm of [null, 'term', [], 42]) {
      const answer = await save(admin, null, notATerm);
      expect([answer.error?.code, answer.status]).toEqual(['22023', 400]);
    }
    expect(await relatedOf('refused')).toBeUndefined();
  });

  it('accepts the bodies of 80 and 250 words the shared rules accept', async () => {
    for (const [slug, count] of [
      ['eighty-words', 80],
      ['two-hundred-fifty-words', 250],
    ] as const) {
      const term = termOf(slug);
      term.translations.es.body = words(count, 'palabra');
      expect(checkTerm(term)).toEqual([]);
      expect((await save(admin, null, term)).error).toBeNull();
    }
  });

  it('counts words as the shared rules do, on every shipped body and on tricky texts', async () => {
    const content = await loadContent();
    const bodies = content.terms.flatMap((term) =>
      Object.values(term.translations).map((text) => text.body),
    );
    const tricky = [
      'à la fois',
      'Aujourd’hui, l’économie\u202f: 3\u00a0mots\u202f?',
      '« guillemets » — tiret … 10\u202f000\u00a0€',
      '¿Qué es una blockchain? ¡Ñandú!',
      'emoji 🚀 and 🚀word',
      '   leading\tand\ntrailing   ',
      'Ωμέγα и кириллица',
    ];
    const texts = [...bodies, ...tricky];
    const { rows } = await db().query<{ words: number }>(
      'select private.count_words(t) as words from unnest($1::text[]) with ordinality as x (t, n) order by n',
      [texts],
    );
    expect(rows.map((row) => row.words)).toEqual(texts.map(countWords));
    expect(bodies.length).toBeGreaterThan(100);
  });
});
