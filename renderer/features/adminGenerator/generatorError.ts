import type { ContentProblem } from '../../../shared/content/problems';

/**
 * The `generate-content` function's refusal, as it answered it: `code` is its `error` (or
 * 'network' when nothing came back), `details` the rest of its JSON (problems, Retry-After
 * seconds, the provider's status), so that the page says what happened and what to do.
 */
export class GeneratorError extends Error {
  override name = 'GeneratorError';
  readonly code: string;
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(code: string, status: number, details: Readonly<Record<string, unknown>>) {
    super(`generate-content answered ${status} ${code}`);
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** The content-rule problems the answer carries (invalid request, refused model output). */
  get problems(): ContentProblem[] {
    const problems = this.details.problems;
    if (!Array.isArray(problems)) return [];
    return problems.filter(
      (problem): problem is ContentProblem =>
        typeof problem === 'object' &&
        problem !== null &&
        typeof (problem as { field?: unknown }).field === 'string' &&
        typeof (problem as { code?: unknown }).code === 'string',
    );
  }
}
