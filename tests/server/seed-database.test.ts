import { beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { asUser } from '../../server/db/requestContext.ts';
import {
  rowsOfContent,
  loadContent,
  seedDatabase,
  seedFromContent,
  type SeedResult,
  type SeedTableCounts,
} from '../../server/seed/load.ts';
import type { Content } from '../../server/seed/schema.ts';
import { describeOnEachDatabase } from './databases.ts';
import { anonClaims } from './fixtures.ts';

// The seed on both targets: the expected rows land, a second run changes nothing, rows the
// admins created stay, and the quiz answers stay out of reach of clients.

const tables: readonly (keyof SeedTableCounts)[] = [
  'terms',
  'term_translations',
  'tokens',
  'token_translations',
  'learning_modules',
  'learning_module_translations',
  'learning_steps',
  'learning_step_translations',
  'quiz_questions',
  'quiz_question_translations',
  'quiz_answers',
];

const nothingChanged: SeedTableCounts = {
  terms: 0,
  term_translations: 0,
  tokens: 0,
  token_translations: 0,
  learning_modules: 0,
  learning_module_translations: 0,
  learning_steps: 0,
  learning_step_translations: 0,
  quiz_questions: 0,
  quiz_question_translations: 0,
  quiz_answers: 0,
};

async function countRows(db: Queryable): Promise<SeedTableCounts> {
  const counts = {} as SeedTableCounts;
  for (const table of tables) {
    const { rows } = await db.query<{ count: number }>(
      `select count(*) as count from public.${table}`,
    );
    counts[table] = rows[0]?.count ?? -1;
  }
  return counts;
}

/** Every row of every seeded table, timestamps included, in a stable order. */
async function snapshot(db: Queryable): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await db.query<{ row: string }>(
      `select to_jsonb(t)::text as row from public.${table} as t order by 1`,
    );
    result[table] = rows.map((row) => row.row);
  }
  return result;
}

describeOnEachDatabase('seed', ({ db }) => {
  let content: Content;
  let expectedRows: SeedTableCounts;
  let first: SeedResult;

  beforeAll(async () => {
    content = await loadContent();
    // The database itself is counted below: every row the content makes has landed.
    expectedRows = rowsOfContent(content);
    first = await seedDatabase(db(), content);
  });

  it('inserts the expected rows', async () => {
    expect(first.rows).toEqual(expectedRows);
    expect(first.changed).toEqual(expectedRows);
    expect(await countRows(db())).toEqual(expectedRows);
  });

  it('stores the content as written', async () => {
    const { rows: terms } = await db().query<{ slug: string; category: string; related: string[] }>(
      `select slug, category, related_slugs as related from public.terms order by slug`,
    );
    expect(terms).toEqual(
      content.terms
        .map(({ slug, category, related }) => ({ slug, category, related }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    const { rows: tokenRows } = await db().query(
      `select t.symbol, t.rank, t.website_url, t.whitepaper_url, t.provider_url,
         to_char(t.last_reviewed, 'YYYY-MM-DD') as last_reviewed, tt.use_cases, tt.history
       from public.tokens as t join public.token_translations as tt on tt.token_id = t.id
       where t.id = 'bitcoin' and tt.language = 'es'`,
    );
    const [bitcoin] = tokenRows;
    const source = content.tokens.find((token) => token.id === 'bitcoin');
    expect(bitcoin).toEqual({
      symbol: 'BTC',
      rank: 1,
      website_url: 'https://bitcoin.org',
      whitepaper_url: 'https://bitcoin.org/bitcoin.pdf',
      provider_url: 'https://www.coingecko.com/en/coins/bitcoin',
      last_reviewed: source?.last_reviewed,
      use_cases: source?.translations.es.use_cases,
      history: source?.translations.es.history,
    });
    const { rows: moduleRows } = await db().query<{ level: string }>(
      `select level from public.learning_modules where slug = 'what-is-a-blockchain'`,
    );
    expect(moduleRows).toEqual([{ level: 'beginner' }]);
  });

  it('puts each correct key in quiz_answers, by question position', async () => {
    const { rows } = await db().query<{ position: number; key: string }>(
      `select q.position, a.correct_option_key as key
       from public.quiz_answers as a
       join public.quiz_questions as q on q.id = a.question_id
       join public.learning_modules as m on m.id = q.module_id
       where m.slug = 'what-is-a-blockchain'
       order by q.position`,
    );
    expect(rows).toEqual([
      { position: 1, key: 'a' },
      { position: 2, key: 'b' },
      { position: 3, key: 'c' },
      { position: 4, key: 'a' },
      { position: 5, key: 'c' },
      { position: 6, key: 'd' },
      { position: 7, key: 'b' },
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(db());
    const second = await seedFromContent(db());
    expect(second.rows).toEqual(expectedRows);
    expect(second.changed).toEqual(nothingChanged);
    expect(await snapshot(db())).toEqual(before);
  });

  it('keeps what the admins created, and restores what they changed in seeded rows', async () => {
    await db().query(
      `insert into public.terms (slug, category, related_slugs) values ('admin-term', 'defi', '{}')`,
    );
    await db().query(
      `update public.term_translations set title = 'Edited'
       where language = 'en' and term_id = (select id from public.terms where slug = 'blockchain')`,
    );
    await db().query(
      `insert into public.learning_steps (module_id, position)
       select id, 4 from public.learning_modules where slug = 'what-is-a-blockchain'`,
    );
    const again = await seedDatabase(db(), content);
    expect(again.changed).toEqual({ ...nothingChanged, term_translations: 1 });
    const counts = await countRows(db());
    expect(counts.terms).toBe(expectedRows.terms + 1);
    expect(counts.learning_steps).toBe(expectedRows.learning_steps + 1);
    const { rows } = await db().query<{ title: string }>(
      `select title from public.term_translations
       where language = 'en' and term_id = (select id from public.terms where slug = 'blockchain')`,
    );
    expect(rows).toEqual([{ title: 'Blockchain' }]);
  });

  it('leaves alone the terms and sheets an admin changed or deleted through the API', async () => {
    // As the API writes on behalf of a signed-in admin: with the request's claims set.
    await db().transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: '00000000-0000-4000-8000-0000000000ad', role: 'authenticated' }),
      ]);
      await tx.query(
        `update public.term_translations set title = 'Airdrop (révisé)'
         where language = 'fr' and term_id = (select id from public.terms where slug = 'airdrop')`,
      );
      await tx.query(`delete from public.tokens where id = 'dogecoin'`);
    });
    const again = await seedDatabase(db(), content);
    expect(again.changed).toEqual(nothingChanged);
    const { rows: titles } = await db().query<{ title: string }>(
      `select title from public.term_translations
       where language = 'fr' and term_id = (select id from public.terms where slug = 'airdrop')`,
    );
    expect(titles).toEqual([{ title: 'Airdrop (révisé)' }]);
    const { rows: sheets } = await db().query(`select id from public.tokens where id = 'dogecoin'`);
    expect(sheets).toEqual([]);
    // The rest of the catalogue still follows content/.
    expect((await countRows(db())).terms).toBe(expectedRows.terms + 1);
  });

  it('keeps the answers out of reach of anon', async () => {
    const error = (sql: string) =>
      asUser(db(), anonClaims, (tx) => tx.query(sql)).then(
        () => 'allowed',
        (reason: unknown) => (reason instanceof Error ? reason.message : String(reason)),
      );
    expect(await error('select * from public.quiz_answers')).toMatch(/permission denied/);
    expect(await error('select explanations from public.quiz_question_translations')).toMatch(
      /permission denied/,
    );
    // Every column anon may read, in every table: no explanation (which reveals the answer)
    // and no answer column shows up.
    const { rows: readable } = await db().query<{ table_name: string; columns: string[] }>(
      `select c.relname as table_name,
         array_agg(quote_ident(a.attname) order by a.attnum) as columns
       from pg_class as c
       join pg_namespace as n on n.oid = c.relnamespace
       join pg_attribute as a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm')
         and has_column_privilege('anon', c.oid, a.attnum, 'SELECT')
       group by c.relname`,
    );
    expect(readable.map((table) => table.table_name)).toContain('quiz_question_translations');
    expect(readable.map((table) => table.table_name)).not.toContain('quiz_answers');
    const explanations = content.modules.flatMap((m) =>
      m.questions.flatMap((question) =>
        Object.values(question.translations).flatMap((text) => Object.values(text.explanations)),
      ),
    );
    const seen = await asUser(db(), anonClaims, async (tx) => {
      let all = '';
      for (const table of readable) {
        expect(table.columns.join(' ')).not.toMatch(/correct|explanation/);
        const { rows } = await tx.query<{ row: string }>(
          `select row_to_json(t)::text as row
           from (select ${table.columns.join(', ')} from public.${table.table_name}) as t`,
        );
        all += rows.map((row) => row.row).join('\n');
      }
      return all;
    });
    expect(seen).toContain('Qu'); // anon does read the questions
    for (const explanation of explanations)
      expect(seen).not.toContain(JSON.stringify(explanation).slice(1, -1));
  });
});
