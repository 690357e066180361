import { describe, expect, it } from 'vitest';
import { linkTerms, namesOf, type TermTitles } from '../../renderer/features/glossary/linkTerms';

const titles: TermTitles = [
  ['proof-of-stake', "Preuve d'enjeu (Proof of Stake)"],
  ['staking', 'Staking'],
  ['token', 'Jeton'],
  ['nft', 'NFT'],
];

describe('namesOf', () => {
  it('reads both sides of a parenthesised title', () => {
    expect(namesOf("Preuve d'enjeu (Proof of Stake)")).toEqual([
      "Preuve d'enjeu",
      'Proof of Stake',
    ]);
    expect(namesOf('Staking')).toEqual(['Staking']);
  });
});

describe('linkTerms', () => {
  it('links the first mention of each term across the texts of a group', () => {
    const [first, second] = linkTerms(
      ['Le staking repose sur la preuve d’enjeu.', 'Le staking rapporte des jetons.'],
      titles,
    );
    expect(first).toEqual([
      { text: 'Le ' },
      { text: 'staking', slug: 'staking' },
      { text: ' repose sur la ' },
      { text: 'preuve d’enjeu', slug: 'proof-of-stake' },
      { text: '.' },
    ]);
    // "staking" was linked already; the plural "jetons" still finds "Jeton".
    expect(second).toEqual([
      { text: 'Le staking rapporte des ' },
      { text: 'jetons', slug: 'token' },
      { text: '.' },
    ]);
  });

  it('prefers the longest name and never links inside a word', () => {
    const [segments] = linkTerms(['Proof of Stake et NFTs, pas NFTX ni restaking.'], titles);
    expect(segments).toEqual([
      { text: 'Proof of Stake', slug: 'proof-of-stake' },
      { text: ' et ' },
      { text: 'NFTs', slug: 'nft' },
      { text: ', pas NFTX ni restaking.' },
    ]);
  });

  it('leaves texts whole when there is no dictionary', () => {
    expect(linkTerms(['Staking'], [])).toEqual([[{ text: 'Staking' }]]);
  });
});
