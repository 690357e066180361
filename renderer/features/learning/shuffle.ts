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

/**
 * Each question's option keys in a random order of their own, by question id: every attempt, the
 * first included, shows the options in a new order. Only the order is random; each option keeps
 * its key, which is what the server grades.
 */
export function shuffledOrders(
  questions: readonly { id: string; options: readonly { key: string }[] }[],
  random: RandomSource = Math.random,
): Map<string, string[]> {
  return new Map(
    questions.map((question) => [
      question.id,
      shuffled(
        question.options.map(({ key }) => key),
        random,
      ),
    ]),
  );
}

/**
 * The options in the order of `keys`, each one whole (its key with its own label). An option the
 * order does not name (the question changed since) comes last, in its stored place.
 */
export function inOrder<TOption extends { key: string }>(
  options: readonly TOption[],
  keys: readonly string[] | undefined,
): readonly TOption[] {
  if (!keys) return options;
  const ordered = keys.flatMap((key) => options.filter((option) => option.key === key));
  return [...ordered, ...options.filter((option) => !keys.includes(option.key))];
}
