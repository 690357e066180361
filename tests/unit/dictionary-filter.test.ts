import { describe, expect, it } from 'vitest';
import type { TermSummary } from '../../renderer/features/dictionary/api';
import {
  countByCategory,
  filterTerms,
  initialOf,
} from '../../renderer/features/dictionary/filterTerms';
import {
  MAX_QUERY_LENGTH,
  readTermFilter,
  writeTermFilter,
} from '../../renderer/features/dictionary/useTermFilter';

const term = (
  slug: string,
  category: TermSummary['category'],
  fr: string,
  en: string,
  es: string,
  definition = '',
): TermSummary => ({
  slug,
  category,
  titles: { fr, en, es },
  definitions: { fr: definition, en: definition, es: definition },
});

const terms = [
  term(
    'crypto-wallet',
    'security',
    'Portefeuille crypto',
    'Crypto wallet',
    'Billetera',
    'Garde les clés.',
  ),
  term('private-key', 'security', 'Clé privée', 'Private key', 'Clave privada'),
  term('staking', 'defi', 'Staking', 'Staking', 'Staking', 'Bloquer des jetons.'),
  term('51-percent-attack', 'security', 'Attaque des 51 %', '51% attack', 'Ataque del 51 %'),
];

const titles = (matches: ReturnType<typeof filterTerms>) =>
  matches.map((match) => match.term.titles.fr);

describe('filterTerms', () => {
  it('ignores accents and case, in titles and definitions of the reader language', () => {
    expect(titles(filterTerms(terms, { category: null, query: 'CLE PRIVEE' }, 'fr'))).toEqual([
      'Clé privée',
    ]);
    expect(titles(filterTerms(terms, { category: null, query: 'cles' }, 'fr'))).toEqual([
      'Portefeuille crypto',
    ]);
  });

  it('finds a term by its title in another language, and says which', () => {
    const [match] = filterTerms(terms, { category: null, query: 'wallet' }, 'fr');
    expect(match?.term.slug).toBe('crypto-wallet');
    expect(match?.matchedTitle).toEqual({ language: 'en', title: 'Crypto wallet' });
    expect(
      filterTerms(terms, { category: null, query: 'billetera' }, 'en')[0]?.matchedTitle,
    ).toEqual({ language: 'es', title: 'Billetera' });
  });

  it('keeps only the chosen category, sorted by title in the reader language', () => {
    expect(titles(filterTerms(terms, { category: 'security', query: '' }, 'fr'))).toEqual([
      'Attaque des 51 %',
      'Clé privée',
      'Portefeuille crypto',
    ]);
    expect(filterTerms(terms, { category: 'governance', query: '' }, 'fr')).toEqual([]);
  });

  it('treats any string as plain text', () => {
    for (const query of ['(', '[a-z]+', '.*', '\\', '%', '<script>', '\u0000', 'x'.repeat(5000)]) {
      expect(() => filterTerms(terms, { category: null, query }, 'fr')).not.toThrow();
    }
    expect(titles(filterTerms(terms, { category: null, query: '51 %' }, 'fr'))).toEqual([
      'Attaque des 51 %',
    ]);
  });

  it('files titles under their initial without accents, digits under #', () => {
    expect(initialOf('Échange')).toBe('E');
    expect(initialOf('51 %')).toBe('#');
    expect(initialOf('« NFT »')).toBe('#');
  });

  it('counts the terms of each category', () => {
    expect(countByCategory(terms)).toEqual(
      new Map([
        ['security', 3],
        ['defi', 1],
      ]),
    );
  });
});

describe('the dictionary filter in the URL', () => {
  it('reads what it writes, and leaves empty values out', () => {
    const filter = { category: 'defi' as const, query: 'gas fee' };
    expect(writeTermFilter(filter).toString()).toBe('category=defi&q=gas+fee');
    expect(readTermFilter(writeTermFilter(filter))).toEqual(filter);
    expect(writeTermFilter({ category: null, query: '' }).toString()).toBe('');
  });

  it('ignores an unknown category and cuts an overlong query', () => {
    const filter = readTermFilter(
      new URLSearchParams({ category: 'nonsense', q: 'a'.repeat(MAX_QUERY_LENGTH + 50) }),
    );
    expect(filter.category).toBeNull();
    expect(filter.query).toHaveLength(MAX_QUERY_LENGTH);
  });
});
