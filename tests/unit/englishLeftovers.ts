// English function words never used in French or Spanish prose. Proper nouns such as "The Graph"
// start with a capital letter and are not counted; neither are "of" and "to" ("Proof of Stake",
// "peer-to-peer") nor "or" (a French word).
const ENGLISH_ONLY_WORDS = new Set([
  'the',
  'and',
  'with',
  'which',
  'you',
  'your',
  'is',
  'are',
  'this',
  'that',
  'from',
  'will',
  'have',
  'it',
  'its',
  'be',
  'by',
  'not',
  'can',
  'when',
  'they',
  'their',
  'for',
]);

/** How many English-only words a French or Spanish text holds (a few slip into names). */
export function englishWordCount(text: string): number {
  return (text.match(/\p{L}+/gu) ?? []).filter((word) => ENGLISH_ONLY_WORDS.has(word)).length;
}

/** Three or more English-only words in one French or Spanish text means English was left in. */
export function looksEnglish(text: string): boolean {
  return englishWordCount(text) >= 3;
}

/** Every string in a JSON value with its path, for checks over whole files. */
export function stringsOf(value: unknown, path = ''): [path: string, text: string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsOf(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      stringsOf(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}
