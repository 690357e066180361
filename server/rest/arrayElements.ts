// The elements of a Postgres array literal (`{a,"b c",NULL}`, nested braces flattened), read as
// Postgres's array_in reads text, so that the stack can look at each value a filter such as
// `match(any).{...}` hands to Postgres before Postgres sees it.
// https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO

const DIMENSIONS = /^\s*(\[\s*[+-]?\d+\s*(:\s*[+-]?\d+\s*)?\]\s*)+=/;
/** array_in's spaces (scanner_isspace), not Unicode's. */
const isSpace = (char: string | undefined): boolean =>
  char !== undefined && ' \t\n\r\v\f'.includes(char);

/** The elements (null for an unquoted NULL), or undefined when the literal is malformed. */
export function arrayElements(literal: string): (string | null)[] | undefined {
  const dimensions = DIMENSIONS.exec(literal);
  let at = dimensions === null ? 0 : dimensions[0].length;
  while (isSpace(literal[at])) at += 1;
  if (literal[at] !== '{') return undefined;
  const elements: (string | null)[] = [];
  let depth = 0;
  let expectingElement = false;
  while (at < literal.length) {
    const char = literal.charAt(at);
    if (isSpace(char)) {
      at += 1;
    } else if (char === '{') {
      if (depth > 0 && !expectingElement) return undefined;
      depth += 1;
      expectingElement = true;
      at += 1;
    } else if (char === '}') {
      if (depth === 0) return undefined;
      depth -= 1;
      expectingElement = false;
      at += 1;
      if (depth === 0) break;
    } else if (depth === 0) {
      return undefined;
    } else if (char === ',') {
      if (expectingElement) return undefined;
      expectingElement = true;
      at += 1;
    } else {
      if (!expectingElement) return undefined;
      const read = char === '"' ? readQuoted(literal, at) : readUnquoted(literal, at);
      if (read === undefined) return undefined;
      elements.push(read.value);
      at = read.end;
      expectingElement = false;
    }
  }
  while (isSpace(literal[at])) at += 1;
  return depth === 0 && at === literal.length ? elements : undefined;
}

function readQuoted(literal: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  for (let at = start + 1; at < literal.length; at += 1) {
    const char = literal.charAt(at);
    if (char === '"') return { value, end: at + 1 };
    if (char === '\\') at += 1;
    const next = literal[at];
    if (next === undefined) return undefined;
    value += next;
  }
  return undefined;
}

function readUnquoted(
  literal: string,
  start: number,
): { value: string | null; end: number } | undefined {
  let value = '';
  // Trailing spaces are dropped unless escaped: `kept` is the length up to the last kept char.
  let kept = 0;
  let at = start;
  for (; at < literal.length; at += 1) {
    const char = literal.charAt(at);
    if (char === '{' || char === '}' || char === ',' || char === '"') break;
    if (char === '\\') {
      at += 1;
      const next = literal[at];
      if (next === undefined) return undefined;
      value += next;
      kept = value.length;
    } else {
      value += char;
      if (!isSpace(char)) kept = value.length;
    }
  }
  const element = value.slice(0, kept);
  const escaped = literal.slice(start, at).includes('\\');
  return { value: !escaped && element.toUpperCase() === 'NULL' ? null : element, end: at };
}
