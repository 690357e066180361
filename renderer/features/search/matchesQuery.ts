/** Lower case without accents, so "securite" finds "Sécurité". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** True when every word of the query appears somewhere in the texts. */
export function matchesQuery(query: string, texts: readonly string[]): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
