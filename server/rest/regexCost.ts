// An upper estimate of what Postgres builds when it compiles a regular expression (`~`, `~*`):
// every literal, class, group and back-reference counts one or more, and a quantifier multiplies
// what it applies to, as Postgres copies the operand of a bound `{m,n}` up to n times (so nested
// bounds multiply). Written for the stack's guard in front of `match`/`imatch`: it walks the
// pattern without recursion, so any length is safe to measure, and it never under-counts the
// syntax Postgres reads (advanced, extended, basic, and literal patterns).
// https://www.postgresql.org/docs/current/functions-matching.html#POSIX-SYNTAX-DETAILS

/** Postgres refuses bounds above 255 (RE_DUP_MAX); a larger one costs no more than that. */
const MAX_BOUND = 256;
/** `*`, `+` and `?` add loops and bypasses; counting their operand twice over-counts them. */
const UNBOUNDED_FACTOR = 2;

type Flavour = 'advanced' | 'extended' | 'basic' | 'literal';

interface Frame {
  /** The finished branches of this group (alternatives add up). */
  branches: number;
  /** The branch being read. */
  branch: number;
  /** The last piece of the branch, the one a quantifier would apply to. */
  last: number;
  /** The capture number, for back-references; undefined for other groups and the whole. */
  capture: number | undefined;
}

/** The flavour and where the pattern proper starts, after `***:`, `***=` and `(?options)`. */
function flavourOf(pattern: string): { flavour: Flavour; start: number } {
  if (pattern.startsWith('***=')) return { flavour: 'literal', start: 4 };
  let start = pattern.startsWith('***:') ? 4 : 0;
  let flavour: Flavour = 'advanced';
  const options = /^\(\?([a-z]*)\)/.exec(pattern.slice(start));
  if (options !== null) {
    for (const letter of options[1] ?? '') {
      if (letter === 'b') flavour = 'basic';
      else if (letter === 'e') flavour = 'extended';
      else if (letter === 'q') flavour = 'literal';
    }
    start += options[0].length;
  }
  return { flavour, start };
}

/** Where a bracket expression that opens at `at` ends (just past its `]`). */
function bracketEnd(pattern: string, at: number, flavour: Flavour): number {
  let i = at + 1;
  if (pattern[i] === '^') i += 1;
  if (pattern[i] === ']') i += 1;
  while (i < pattern.length && pattern[i] !== ']') {
    const pair = pattern.slice(i, i + 2);
    if (pair === '[:' || pair === '[.' || pair === '[=') {
      const close = pattern.indexOf(`${pair[1] ?? ''}]`, i + 2);
      i = close === -1 ? pattern.length : close + 2;
    } else {
      i += flavour === 'advanced' && pattern[i] === '\\' ? 2 : 1;
    }
  }
  return i + 1;
}

/** The length of an advanced escape starting at `at` (the backslash), digits of a number included. */
function escapeLength(pattern: string, at: number): number {
  const rest = pattern.slice(at + 1);
  const long =
    /^x\{[0-9a-fA-F]*\}/.exec(rest) ??
    /^x[0-9a-fA-F]*/.exec(rest) ??
    /^u[0-9a-fA-F]{0,4}/.exec(rest) ??
    /^U[0-9a-fA-F]{0,8}/.exec(rest) ??
    /^c./s.exec(rest) ??
    /^[0-9]+/.exec(rest);
  return 1 + (long === null ? Math.min(1, rest.length) : long[0].length);
}

/** The factor of a bound `{m}`, `{m,}` or `{m,n}` read at `at`, and its length; else undefined. */
function boundAt(
  pattern: string,
  at: number,
  basic: boolean,
): { factor: number; length: number } | undefined {
  const bound = basic
    ? /^\\\{(\d+)(,(\d*))?\\\}/.exec(pattern.slice(at))
    : /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
  if (bound === null) return undefined;
  const low = Number(bound[1]);
  const high = bound[3] === undefined ? low : bound[3] === '' ? low + 1 : Number(bound[3]);
  return { factor: Math.min(MAX_BOUND, Math.max(1, low, high)), length: bound[0].length };
}

/** The estimated size of the automaton Postgres compiles for `pattern`. */
export function regexCost(pattern: string): number {
  const { flavour, start } = flavourOf(pattern);
  if (flavour === 'literal') return pattern.length - start;
  const basic = flavour === 'basic';
  const captures: number[] = [];
  let captureCount = 0;
  const whole: Frame = { branches: 0, branch: 0, last: 0, capture: undefined };
  const stack: Frame[] = [whole];
  const top = (): Frame => stack[stack.length - 1] ?? whole;
  const atom = (cost: number): void => {
    const frame = top();
    frame.branch += cost;
    frame.last = cost;
  };
  const quantify = (factor: number): void => {
    const frame = top();
    frame.branch += frame.last * (factor - 1);
    frame.last *= factor;
  };
  const close = (): void => {
    const frame = stack.pop();
    if (frame === undefined) return;
    const cost = frame.branches + frame.branch + 1;
    if (frame.capture !== undefined) captures[frame.capture] = cost;
    atom(cost);
  };

  let at = start;
  while (at < pattern.length) {
    const char = pattern[at] ?? '';
    const pair = pattern.slice(at, at + 2);
    const bound = (basic ? pair === '\\{' : char === '{') ? boundAt(pattern, at, basic) : undefined;
    if (basic ? pair === '\\(' : char === '(') {
      let length = basic ? 2 : 1;
      let capture: number | undefined;
      const lookaround = /^\(\?(:|=|!|<=|<!)/.exec(pattern.slice(at));
      if (!basic && lookaround !== null) length = lookaround[0].length;
      else capture = captureCount += 1;
      stack.push({ branches: 0, branch: 0, last: 0, capture });
      at += length;
    } else if (basic ? pair === '\\)' : char === ')') {
      if (stack.length > 1) close();
      else atom(1);
      at += basic ? 2 : 1;
    } else if (!basic && char === '|') {
      const frame = top();
      frame.branches += frame.branch;
      frame.branch = 0;
      frame.last = 0;
      at += 1;
    } else if (basic && char === '*' && top().last === 0) {
      // A basic pattern's `*` with nothing before it is a literal star.
      atom(1);
      at += 1;
    } else if (char === '*' || (!basic && (char === '+' || char === '?'))) {
      quantify(UNBOUNDED_FACTOR);
      at += 1;
      // A non-greedy quantifier (`*?`, `+?`, `??`) is still one quantifier.
      if (flavour === 'advanced' && pattern[at] === '?') at += 1;
    } else if (bound !== undefined) {
      quantify(bound.factor);
      at += bound.length;
      if (flavour === 'advanced' && pattern[at] === '?') at += 1;
    } else if (char === '[') {
      atom(1);
      at = bracketEnd(pattern, at, flavour);
    } else if (char === '\\') {
      const reference = /^\\([1-9][0-9]*)/.exec(pattern.slice(at));
      if (reference !== null && (flavour !== 'advanced' || Number(reference[1]) <= captureCount)) {
        // A back-reference matches what its group matched: count that group once more.
        atom((captures[Number(reference[1])] ?? 1) + 1);
        at += flavour === 'advanced' ? reference[0].length : 2;
      } else {
        atom(1);
        at += flavour === 'advanced' ? escapeLength(pattern, at) : 2;
      }
    } else {
      atom(1);
      at += 1;
    }
  }
  while (stack.length > 1) close();
  return whole.branches + whole.branch;
}
