/** A piece of text, linked to a dictionary term when `slug` is set. */
export interface TextSegment {
  text: string;
  slug?: string;
}

export type TermTitles = readonly (readonly [slug: string, title: string])[];

interface Matcher {
  pattern: RegExp;
  slugOf: Map<string, string>;
}

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/** One spelling per name: lower case, single spaces, straight apostrophes. */
function normalise(name: string): string {
  return name.toLocaleLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The names a reader may meet for a term: its title and, for titles such as
 * "Preuve d'enjeu (Proof of Stake)", each side of the parenthesis on its own.
 */
export function namesOf(title: string): string[] {
  const match = /^(.+?)\s*\((.+)\)$/.exec(title.trim());
  const names = match?.[1] && match[2] ? [match[1], match[2]] : [title.trim()];
  return names.filter((name) => name.length >= 3);
}

const matcherCache = new WeakMap<TermTitles, Matcher>();

function matcherFor(titles: TermTitles): Matcher {
  const cached = matcherCache.get(titles);
  if (cached) return cached;
  const slugOf = new Map<string, string>();
  for (const [slug, title] of titles) {
    for (const name of namesOf(title)) {
      const key = normalise(name);
      if (!slugOf.has(key)) slugOf.set(key, slug);
    }
  }
  // Longest names first, so "proof of stake" wins over "stake"; an optional plural ending.
  const alternatives = [...slugOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => escape(name).replace(/\s+/g, '\\s+').replace(/['’]/g, "['’]"));
  const pattern = new RegExp(
    `${NOT_WORD_BEFORE}(${alternatives.join('|')})(?:s|es)?${NOT_WORD_AFTER}`,
    'giu',
  );
  const matcher = { pattern, slugOf };
  matcherCache.set(titles, matcher);
  return matcher;
}

/**
 * Splits each text into segments, linking the first mention of each dictionary term across the
 * whole group (a card, a section), so a term is linked once where the reader first meets it.
 */
export function linkTerms(texts: readonly string[], titles: TermTitles): TextSegment[][] {
  if (titles.length === 0) return texts.map((text) => [{ text }]);
  const { pattern, slugOf } = matcherFor(titles);
  const linked = new Set<string>();
  return texts.map((text) => {
    const segments: TextSegment[] = [];
    let cursor = 0;
    for (const match of text.matchAll(pattern)) {
      const name = match[1];
      const slug = name === undefined ? undefined : slugOf.get(normalise(name));
      if (slug === undefined || linked.has(slug)) continue;
      linked.add(slug);
      if (match.index > cursor) segments.push({ text: text.slice(cursor, match.index) });
      segments.push({ text: match[0], slug });
      cursor = match.index + match[0].length;
    }
    if (cursor < text.length) segments.push({ text: text.slice(cursor) });
    return segments;
  });
}
