import { describe, expect, it } from 'vitest';
import { matchesQuery } from '../../renderer/features/search/matchesQuery';

describe('matchesQuery', () => {
  it('ignores case and accents, and needs every word', () => {
    expect(matchesQuery('securite COMPTE', ['Sécurité du compte', 'Réponse'])).toBe(true);
    expect(matchesQuery('compte export', ['Sécurité du compte'])).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesQuery('   ', ['anything'])).toBe(true);
  });
});
