// The content rules of shared/content/, the very ones the seed and the admin editors apply, so
// that a draft is stored only when it could be published as it is. The one import of this
// folder from outside supabase/functions/: Deno resolves it from the repository (valibot through
// functions/deno.json), and the CLI's bundler follows relative imports out of the folder.
/* eslint-disable no-restricted-imports -- the shared rules, on purpose: see above. */
export { isLanguage, LANGUAGES, type Language } from '../../../shared/catalog.ts';
export { CONTENT_PROBLEM_CODES, type ContentProblem } from '../../../shared/content/problems.ts';
export { checkTerm } from '../../../shared/content/termRules.ts';
export {
  checkTokenSection,
  TOKEN_LIST_SECTIONS,
  TOKEN_TEXT_SECTIONS,
  type TokenTextSection,
} from '../../../shared/content/tokenRules.ts';
/* eslint-enable no-restricted-imports */
