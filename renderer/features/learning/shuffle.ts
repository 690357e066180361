/** A number in [0, 1), as Math.random gives; tests pass their own. */
export type RandomSource = () => number;

/** A copy of the items in a random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const item = result[index] as T;
    result[index] = result[other] as T;
    result[other] = item;
  }
  return result;
}

/**
 * The items in an order other than `previous` (when there are two or more): a retry must not
 * let the learner answer by position rather than by reading. Every item is kept.
 */
export function reordered<T>(previous: readonly T[], random: RandomSource = Math.random): T[] {
  const result = shuffled(previous, random);
  if (result.length < 2 || result.some((item, index) => item !== previous[index])) return result;
  // The shuffle gave the same order back: move the first item to the end instead.
  return [...result.slice(1), ...result.slice(0, 1)];
}
