/** The modules before and after one in the learning page's order, when there are. */
export function neighboursOf<T extends { slug: string }>(
  modules: readonly T[],
  slug: string,
): { previous: T | null; next: T | null } {
  const index = modules.findIndex((module) => module.slug === slug);
  if (index === -1) return { previous: null, next: null };
  return { previous: modules[index - 1] ?? null, next: modules[index + 1] ?? null };
}
