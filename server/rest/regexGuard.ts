import { arrayElements } from './arrayElements.ts';
import { pgrst } from './errors.ts';
import { regexCost } from './regexCost.ts';

// The patterns of `match` and `imatch` are measured before they reach the database. PGlite is
// Postgres compiled to WebAssembly with a much smaller native stack: compiling a pattern of some
// ten thousand states (`(x{120}){120}`, a 15,000-character literal, 5,000 nested groups) overflows
// it, and instead of an error PGlite answers an empty result and is left broken for the
// statements after ("bad buffer ID: 0"). A real Postgres compiles those, and refuses bigger ones
// with 2201B "regular expression is too complex". The stack refuses, on both databases so that
// they answer alike, any pattern whose estimated size (regexCost.ts) passes MAX_REGEX_COST, with
// that same error. The limit is five times below the smallest size that broke PGlite (5,600
// nested groups), keeps the slowest patterns of that size (a thousand lazy quantifiers) to a
// fraction of a second, and is far above any pattern written to filter rows
// (`(\d{1,3}\.){3}` costs 15, `.{0,255}` 255).

export const MAX_REGEX_COST = 1_000;

const tooComplex = () =>
  pgrst(400, '2201B', 'invalid regular expression: regular expression is too complex');

/**
 * Throws 400 2201B when a pattern the filter hands to Postgres is too big: the value itself, or
 * with `any`/`all` each element of the array literal it is.
 */
export function checkRegexFilter(value: string, modifier: string | undefined): void {
  if (modifier !== 'any' && modifier !== 'all') {
    if (regexCost(value) > MAX_REGEX_COST) throw tooComplex();
    return;
  }
  const elements = arrayElements(value);
  if (elements === undefined) {
    // Postgres would refuse it too (22P02), before compiling any pattern of it.
    throw pgrst(400, '22P02', `malformed array literal: "${value}"`);
  }
  for (const element of elements) {
    if (element !== null && regexCost(element) > MAX_REGEX_COST) throw tooComplex();
  }
}
