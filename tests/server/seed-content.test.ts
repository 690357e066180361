import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultContentDir, loadContent } from '../../server/seed/load.ts';
import {
  ContentError,
  countWords,
  IN_DEPTH_RANK,
  languages,
  MODULE_QUESTIONS_MIN,
  MODULE_STEPS,
  TERM_BODY_WORDS,
  termCategories,
} from '../../server/seed/schema.ts';

// The shipped content validates, and a broken copy of it (in a temp folder) is refused with a
// message naming the file and the field.

describe('shipped content', () => {
  it('validates, the first entries included', async () => {
    const content = await loadContent();
    expect(content.terms.map((term) => term.slug)).toEqual(
      expect.arrayContaining(['blockchain', 'dollar-cost-averaging', 'private-key', 'stablecoin']),
    );
    const first = content.tokens.filter((token) => token.rank <= 2);
    expect(first.map((token) => [token.id, token.symbol, token.rank])).toEqual([
      ['bitcoin', 'BTC', 1],
      ['ethereum', 'ETH', 2],
    ]);
    expect(
      content.modules
        .filter((m) => m.slug === 'what-is-a-blockchain')
        .map((m) => [m.slug, m.level, m.steps.length, m.questions.length]),
    ).toEqual([['what-is-a-blockchain', 'beginner', 3, 7]]);
  });

  it('keeps every rule of the content design', async () => {
    const content = await loadContent();
    const slugs = new Set(content.terms.map((term) => term.slug));
    for (const term of content.terms) {
      expect(termCategories).toContain(term.category);
      for (const related of term.related) expect(slugs).toContain(related);
      for (const language of languages) {
        const words = countWords(term.translations[language].body);
        expect(words).toBeGreaterThanOrEqual(TERM_BODY_WORDS.min);
        expect(words).toBeLessThanOrEqual(TERM_BODY_WORDS.max);
      }
    }
    for (const token of content.tokens) {
      expect(token.links.provider).toBe(`https://www.coingecko.com/en/coins/${token.id}`);
      if (token.rank <= IN_DEPTH_RANK) {
        for (const language of languages) {
          expect(token.translations[language].history).toBeTruthy();
          expect(token.translations[language].technology).toBeTruthy();
          expect(token.translations[language].ecosystem).toBeTruthy();
        }
      }
    }
    for (const m of content.modules) {
      expect(m.steps.length).toBeGreaterThanOrEqual(MODULE_STEPS.min);
      expect(m.questions.length).toBeGreaterThanOrEqual(MODULE_QUESTIONS_MIN);
      for (const question of m.questions) {
        for (const language of languages) {
          const text = question.translations[language];
          expect(text.options.map((option) => option.key)).toContain(question.correct);
          expect(Object.keys(text.explanations).sort()).toEqual(
            text.options.map((option) => option.key).sort(),
          );
        }
      }
    }
  });

  it('spreads the correct answers over several option keys', async () => {
    const [learningModule] = (await loadContent()).modules;
    const keys = new Set(learningModule?.questions.map((question) => question.correct));
    expect(keys.size).toBeGreaterThan(1);
  });
});

describe('broken content', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'blockademia-content-'));
    await cp(defaultContentDir, dir, { recursive: true });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  type Json = Record<string, unknown>;
  /** The object at a path of keys (list indexes included) inside a parsed file. */
  const at = (json: Json, ...keys: (string | number)[]): Json =>
    keys.reduce<Json>((node, key) => node[String(key)] as Json, json);
  async function edit(relative: string, change: (json: Json) => void): Promise<void> {
    const file = path.join(dir, relative);
    const json = JSON.parse(await readFile(file, 'utf8')) as Json;
    change(json);
    await writeFile(file, JSON.stringify(json, null, 2));
  }
  async function problemsOf(): Promise<readonly string[]> {
    const error: unknown = await loadContent(dir).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).problems;
  }

  it('accepts the untouched copy', async () => {
    await expect(loadContent(dir)).resolves.toBeDefined();
  });

  it('refuses a term without its Spanish translation', async () => {
    await edit('terms/private-key.json', (json) => {
      delete at(json, 'translations').es;
    });
    expect(await problemsOf()).toEqual(['terms/private-key.json: translations.es: missing']);
  });

  it('refuses a token or a module without a language', async () => {
    await edit('tokens/ethereum.json', (json) => {
      delete at(json, 'translations').fr;
    });
    await edit('learning/what-is-a-blockchain/module.json', (json) => {
      delete at(json, 'steps', 1, 'translations').en;
    });
    const problems = await problemsOf();
    expect(problems).toContain('tokens/ethereum.json: translations.fr: missing');
    expect(problems).toContain(
      'learning/what-is-a-blockchain/module.json: steps[1].translations.en: missing (every entry needs fr, en and es)',
    );
  });

  it('refuses an unknown related slug', async () => {
    await edit('terms/stablecoin.json', (json) => {
      json.related = ['blockchain', 'wallet'];
    });
    expect(await problemsOf()).toEqual(['terms/stablecoin.json: related: "wallet" is not a term']);
  });

  it('refuses two correct answers for one question', async () => {
    await edit('learning/what-is-a-blockchain/answers.json', (json) => {
      json['2'] = ['a', 'b'];
    });
    expect(await problemsOf()).toEqual([
      'learning/what-is-a-blockchain/answers.json: 2: question 2 must have exactly one correct answer (got 2)',
    ]);
  });

  it('refuses a missing answer, or one that is not an option', async () => {
    await edit('learning/what-is-a-blockchain/answers.json', (json) => {
      delete json['1'];
      json['3'] = 'd';
      json['9'] = 'a';
    });
    expect(await problemsOf()).toEqual([
      'learning/what-is-a-blockchain/answers.json: 1: question 1 has no correct answer',
      'learning/what-is-a-blockchain/answers.json: 3: "d" is not an option of question 3 (a, b, c)',
      'learning/what-is-a-blockchain/answers.json: 9: no question 9 in module.json (questions are numbered 1 to 7)',
    ]);
  });

  it('refuses a missing explanation', async () => {
    await edit('learning/what-is-a-blockchain/module.json', (json) => {
      delete at(json, 'questions', 4, 'translations', 'es', 'explanations').b;
    });
    expect(await problemsOf()).toEqual([
      'learning/what-is-a-blockchain/module.json: questions[4].translations.es.explanations.b: missing',
    ]);
  });

  it('refuses an unknown category or level', async () => {
    await edit('terms/blockchain.json', (json) => {
      json.category = 'crypto';
    });
    await edit('learning/what-is-a-blockchain/module.json', (json) => {
      json.level = 'expert';
    });
    const problems = await problemsOf();
    expect(problems).toContain(
      'terms/blockchain.json: category: is not one of: technology, security, trading, defi, tokens, markets, governance',
    );
    expect(problems).toContain(
      'learning/what-is-a-blockchain/module.json: level: unknown value "expert" (expected one of: beginner, intermediate, advanced)',
    );
  });

  it('refuses a term body that is too short or too long', async () => {
    await edit('terms/dollar-cost-averaging.json', (json) => {
      at(json, 'translations', 'en').body = 'Buying a fixed amount on a fixed schedule.';
      at(json, 'translations', 'fr').body = Array.from({ length: 260 }, () => 'mot').join(' ');
    });
    expect(await problemsOf()).toEqual([
      'terms/dollar-cost-averaging.json: translations.fr.body: has 260 words (expected 80 to 250)',
      'terms/dollar-cost-averaging.json: translations.en.body: has 8 words (expected 80 to 250)',
    ]);
  });

  it('refuses empty texts, placeholders, typos in field names and a wrong file name', async () => {
    await edit('terms/blockchain.json', (json) => {
      at(json, 'translations', 'es').title = '  ';
      at(json, 'translations', 'en').example = 'TODO';
      at(json, 'translations', 'fr').exemple = at(json, 'translations', 'fr').example;
    });
    await edit('tokens/bitcoin.json', (json) => {
      json.id = 'btc';
      json.last_reviewed = '2026-02-30';
    });
    const problems = await problemsOf();
    expect(problems).toEqual(
      expect.arrayContaining([
        'terms/blockchain.json: translations.es.title: is empty',
        'terms/blockchain.json: translations.en.example: looks like a placeholder',
        'terms/blockchain.json: translations.fr.exemple: unknown field (expected one of: title, short_definition, body, example)',
        'tokens/bitcoin.json: id: does not match the file name (bitcoin.json)',
        'tokens/bitcoin.json: links.provider: must be https://www.coingecko.com/en/coins/btc',
        'tokens/bitcoin.json: last_reviewed: must be a real date written YYYY-MM-DD',
      ]),
    );
  });

  it('refuses a top-50 token without its in-depth sections', async () => {
    await edit('tokens/bitcoin.json', (json) => {
      delete at(json, 'translations', 'es').history;
    });
    expect(await problemsOf()).toEqual([
      'tokens/bitcoin.json: translations.es.history: missing (required for the top 50)',
      'tokens/bitcoin.json: translations.*.history: present in fr, en only',
    ]);
  });

  it('reports invalid JSON and a missing answers file', async () => {
    await writeFile(path.join(dir, 'terms/stablecoin.json'), '{ "slug": ');
    await rm(path.join(dir, 'learning/what-is-a-blockchain/answers.json'));
    const problems = await problemsOf();
    expect(problems[0]).toMatch(/^terms\/stablecoin\.json: invalid JSON/);
    expect(problems).toContain('learning/what-is-a-blockchain/answers.json: missing file');
  });
});
