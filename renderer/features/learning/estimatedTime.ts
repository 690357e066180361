/** A steady reading pace for explanatory text; the estimate says it is one. */
export const WORDS_PER_MINUTE = 200;
/** Time allowed per quiz question: read it, its options, choose. */
export const MINUTES_PER_QUESTION = 1;

/** Words in a text, whatever the language's punctuation. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Minutes to read the steps and answer the quiz, rounded up; at least one. */
export function estimatedMinutes(wordCount: number, questionCount: number): number {
  const reading = Math.ceil(Math.max(0, wordCount) / WORDS_PER_MINUTE);
  return Math.max(1, reading + Math.max(0, questionCount) * MINUTES_PER_QUESTION);
}
