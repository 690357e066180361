import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/catalog';
import type { ContentProblem } from '../../shared/content/problems';
import {
  checkTerm,
  TERM_BODY_WORDS,
  TERM_RELATED,
  type TermInput,
} from '../../shared/content/termRules';
import { countWords } from '../../shared/content/textRules';

// The dictionary term rules at their edges: the same function runs in `npm run content:check`,
// the seed, the admin's editor and the content generator.

const words = (count: number) => Array.from({ length: count }, (_, i) => `mot${i}`).join(' ');
const known = new Set(['blockchain', 'wallet', 'private-key', 'seed-phrase', 'gas', 'mempool']);

function validTerm(): TermInput {
  const text = (language: string) => ({
    title: `Title ${language}`,
    short_definition: `A short definition in ${language}.`,
    body: words(100),
    example: `An example in ${language}.`,
  });
  return {
    slug: 'cold-wallet',
    category: 'security',
    related: ['wallet', 'private-key'],
    translations: { fr: text('fr'), en: text('en'), es: text('es') },
  };
}
const check = (change: (term: TermInput) => void, context = { knownSlugs: known }) => {
  const term = validTerm();
  change(term);
  return checkTerm(term, context);
};
const codes = (problems: ContentProblem[]) => problems.map(({ field, code }) => `${field} ${code}`);

describe('checkTerm', () => {
  it('accepts a complete term', () => {
    expect(checkTerm(validTerm(), { knownSlugs: known })).toEqual([]);
    expect(checkTerm(validTerm())).toEqual([]);
    expect([TERM_BODY_WORDS.min, TERM_BODY_WORDS.max, TERM_RELATED.min, TERM_RELATED.max]).toEqual([
      80, 250, 2, 5,
    ]);
  });

  it.each([
    [79, false],
    [80, true],
    [250, true],
    [251, false],
  ])('counts a body of %i words as valid: %s', (count, valid) => {
    expect(countWords(words(count))).toBe(count);
    const problems = check((term) => {
      term.translations.es.body = words(count);
    });
    expect(problems).toEqual(
      valid
        ? []
        : [
            {
              field: 'translations.es.body',
              code: 'wordCount',
              params: { words: count, min: 80, max: 250 },
            },
          ],
    );
  });

  it.each([
    [1, false],
    [2, true],
    [5, true],
    [6, false],
  ])('counts %i related terms as valid: %s', (count, valid) => {
    const related = ['wallet', 'private-key', 'seed-phrase', 'gas', 'mempool', 'blockchain'];
    const problems = check((term) => {
      term.related = related.slice(0, count);
    });
    expect(problems).toEqual(
      valid ? [] : [{ field: 'related', code: 'listSize', params: { count, min: 2, max: 5 } }],
    );
  });

  it('refuses a term related to itself, twice to the same term, or to an unknown one', () => {
    expect(check((term) => void (term.related = ['wallet', 'cold-wallet']))).toEqual([
      { field: 'related', code: 'relatedSelf' },
    ]);
    expect(check((term) => void (term.related = ['wallet', 'wallet']))).toEqual([
      { field: 'related', code: 'duplicate' },
    ]);
    expect(check((term) => void (term.related = ['wallet', 'hot-wallet', 'staking']))).toEqual([
      { field: 'related', code: 'relatedUnknown', params: { slug: 'hot-wallet' } },
      { field: 'related', code: 'relatedUnknown', params: { slug: 'staking' } },
    ]);
    // Without the list of terms (one file at a time), unknown slugs are left to the caller.
    expect(checkTerm({ ...validTerm(), related: ['wallet', 'staking'] })).toEqual([]);
  });

  it('refuses a slug that is not lower-case words joined by "-"', () => {
    for (const slug of ['Cold-Wallet', 'cold wallet', 'cold--wallet', '-cold', 'café']) {
      expect(check((term) => void (term.slug = slug))).toEqual([
        { field: 'slug', code: 'slugShape' },
      ]);
    }
    expect(check((term) => void (term.slug = ''))).toEqual([{ field: 'slug', code: 'empty' }]);
  });

  it('reports a missing language once, and the other languages still field by field', () => {
    const problems = check((term) => {
      delete (term.translations as Partial<TermInput['translations']>).es;
      term.translations.en.title = '';
    });
    expect(problems).toEqual([
      { field: 'translations.en.title', code: 'empty' },
      { field: 'translations.es', code: 'missing' },
    ]);
    expect(LANGUAGES).toEqual(['fr', 'en', 'es']);
  });

  it('refuses placeholders, spaces around a text, and texts over the database limits', () => {
    const problems = check((term) => {
      term.translations.fr.example = 'TODO';
      term.translations.en.short_definition = 'Lorem ipsum dolor.';
      term.translations.es.title = ' Título';
      term.translations.fr.title = 'é'.repeat(201);
    });
    expect(problems).toEqual([
      { field: 'translations.fr.title', code: 'tooLong', params: { length: 201, max: 200 } },
      { field: 'translations.fr.example', code: 'placeholder' },
      { field: 'translations.en.short_definition', code: 'placeholder' },
      { field: 'translations.es.title', code: 'untrimmed' },
    ]);
    // The Spanish word "todo" is no placeholder; a 200-character title is allowed.
    expect(
      check((term) => {
        term.translations.es.example = 'Todo el mundo lo usa: todo.';
        term.translations.fr.title = 'é'.repeat(200);
      }),
    ).toEqual([]);
  });

  it('refuses an unknown category, unknown fields and wrong types', () => {
    const problems = checkTerm({
      ...validTerm(),
      category: 'crypto',
      related: 'wallet',
      extra: true,
      translations: {
        ...validTerm().translations,
        fr: { ...validTerm().translations.fr, body: 3 },
      },
    });
    expect(codes(problems)).toEqual([
      'category notAllowed',
      'related wrongType',
      'translations.fr.body wrongType',
      'extra unknownField',
    ]);
    expect(problems[0]?.params).toEqual({
      allowed: 'technology, security, trading, defi, tokens, markets, governance',
    });
    expect(codes(checkTerm(null))).toEqual([' missing']);
    expect(codes(checkTerm({}))).toEqual([
      'slug missing',
      'category missing',
      'related missing',
      'translations missing',
    ]);
  });
});
