import {
  checkTerm,
  checkTokenSection,
  type ContentProblem,
  LANGUAGES,
  type TokenTextSection,
} from './contentRules.ts';
import type { GenerationPrompt } from './prompt.ts';

// The model's answer, read as the prompt asked: one JSON object, then every content rule of
// shared/content/ on it. A draft is stored only when nothing is wrong, so that what the admin
// reviews could be published as it is.

export type OutputReading =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; reason: 'not_json' }
  | { ok: false; reason: 'rules'; problems: ContentProblem[] };

/** The JSON object of the content; a code fence around it is forgiven (some local models add one). */
export function parseJsonObject(content: string): Record<string, unknown> | undefined {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(content.trim());
  const text = fenced?.[1] ?? content.trim();
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every rule problem of the generated payload; [] when it can be stored as a draft. */
export function payloadProblems(prompt: GenerationPrompt, payload: unknown): ContentProblem[] {
  if (prompt.kind === 'tokenSection') {
    const problems = checkTokenSection(
      prompt.section as TokenTextSection,
      payload,
      prompt.token.rank,
    );
    // The in-depth sections may be absent from a sheet, but a draft of one says something.
    const texts = payload as Record<string, unknown>;
    for (const language of LANGUAGES) {
      const field = `translations.${language}.${prompt.section}`;
      if (
        (texts[language] ?? null) === null &&
        !problems.some((problem) => problem.field === field)
      ) {
        problems.push({ field, code: 'missing' });
      }
    }
    return problems;
  }
  const known = new Set(prompt.existingSlugs);
  const problems = checkTerm(payload, { knownSlugs: known });
  const slug = (payload as { slug?: unknown }).slug;
  // The generator drafts new terms: an existing one is edited on the terms page.
  if (typeof slug === 'string' && known.has(slug)) problems.push({ field: 'slug', code: 'taken' });
  return problems;
}

export function readOutput(prompt: GenerationPrompt, content: string): OutputReading {
  const payload = parseJsonObject(content);
  if (payload === undefined) return { ok: false, reason: 'not_json' };
  const problems = payloadProblems(prompt, payload);
  return problems.length === 0 ? { ok: true, payload } : { ok: false, reason: 'rules', problems };
}
