import * as v from 'valibot';
import { TERM_CATEGORIES, type Language } from '../catalog.ts';
import type { ContentProblem } from './problems.ts';
import {
  checkWith,
  distinct,
  fields,
  isFieldValid,
  list,
  oneOf,
  perLanguage,
  problemMessage,
  says,
  slug,
  text,
  wordCount,
} from './textRules.ts';

/**
 * What a dictionary term must be to be published, written once for `npm run content:check`
 * and the seed (server/seed/schema.ts), the admin's term editor and the content generator. The
 * lengths are the CHECK constraints of `public.term_translations`
 * (supabase/migrations/20261122000002_content.sql); `public.admin_save_term` checks the same
 * rules again on the server.
 */

export const TERM_BODY_WORDS = { min: 80, max: 250 } as const;
export const TERM_RELATED = { min: 2, max: 5 } as const;
export const TERM_TEXT_MAX_LENGTH = {
  title: 200,
  short_definition: 500,
  body: 10_000,
  example: 2_000,
} as const;

export interface TermTextInput {
  title: string;
  short_definition: string;
  body: string;
  example: string;
}
export interface TermInput {
  slug: string;
  category: string;
  related: string[];
  translations: Record<Language, TermTextInput>;
}

const termText = fields({
  title: text(TERM_TEXT_MAX_LENGTH.title),
  short_definition: text(TERM_TEXT_MAX_LENGTH.short_definition),
  body: v.pipe(text(TERM_TEXT_MAX_LENGTH.body), wordCount(TERM_BODY_WORDS)),
  example: text(TERM_TEXT_MAX_LENGTH.example),
});

const term = fields({
  slug: slug(),
  category: oneOf(TERM_CATEGORIES),
  related: v.pipe(list(TERM_RELATED, slug()), distinct<string>()),
  translations: perLanguage(termText),
});

function termSchema(knownSlugs: ReadonlySet<string> | undefined) {
  return v.pipe(
    term,
    // Each unknown slug is its own problem, so the editor can name them all.
    v.rawCheck(({ dataset, addIssue }) => {
      if (knownSlugs === undefined || !isFieldValid(dataset.issues, 'related')) return;
      const value = dataset.value as { slug?: unknown; related: readonly string[] };
      for (const related of value.related) {
        if (related === value.slug || knownSlugs.has(related)) continue;
        addIssue({
          message: problemMessage('relatedUnknown', { slug: related }),
          input: related,
          path: [{ type: 'object', origin: 'value', input: value, key: 'related', value: related }],
        });
      }
    }),
    v.forward(
      v.partialCheck(
        [['slug'], ['related']],
        // Valibot cannot pick typed paths through `fields`' rest signature.
        (input) => {
          const { slug: own, related } = input as { slug: string; related: readonly string[] };
          return !related.includes(own);
        },
        says('relatedSelf'),
      ),
      ['related'],
    ),
  );
}

/** Every problem of a term; [] when it can be published. knownSlugs: the slugs of the other terms, to check `related`. */
export function checkTerm(
  input: unknown,
  context?: { knownSlugs?: ReadonlySet<string> },
): ContentProblem[] {
  return checkWith(termSchema(context?.knownSlugs), input);
}
