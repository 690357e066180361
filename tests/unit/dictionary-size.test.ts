import { describe, expect, it } from 'vitest';
import { TERM_CATEGORIES } from '../../shared/catalog';

// The dictionary holds what learners search for: at least 150 terms, every category with at
// least 10 of them, and the terms a learner is sure to look up.

interface TermFile {
  slug: string;
  category: string;
}

const files = import.meta.glob<TermFile>('../../content/terms/*.json', {
  eager: true,
  import: 'default',
});
const terms = Object.values(files);

const EXPECTED_SLUGS = [
  'address',
  'transaction',
  'fiat-currency',
  'gwei',
  'rollup',
  'zero-knowledge-proof',
  'maximal-extractable-value',
  'slashing',
  'finality',
  'utxo',
  'lightning-network',
  'exchange-traded-fund',
  'token-approval',
  'address-poisoning',
  'annual-percentage-rate',
  'return-on-investment',
];

describe('the dictionary', () => {
  it('holds at least 150 terms', () => {
    expect(terms.length).toBeGreaterThanOrEqual(150);
  });

  it('has at least 10 terms in every category', () => {
    const perCategory = Object.fromEntries(
      TERM_CATEGORIES.map((category) => [
        category,
        terms.filter((term) => term.category === category).length,
      ]),
    );
    const short = Object.entries(perCategory).filter(([, count]) => count < 10);
    expect(short, JSON.stringify(perCategory)).toEqual([]);
  });

  it('has the terms learners search for', () => {
    const slugs = new Set(terms.map((term) => term.slug));
    expect(EXPECTED_SLUGS.filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it('names each file after its slug', () => {
    const misnamed = Object.entries(files)
      .filter(([file, term]) => !file.endsWith(`/${term.slug}.json`))
      .map(([file]) => file);
    expect(misnamed).toEqual([]);
  });
});
