import {
  filterOperators,
  TYPE_NAME,
  type Condition,
  type Field,
  type Filter,
  type FilterOperator,
  type Order,
  type SelectItem,
} from './ast.ts';
import { parseError } from './errors.ts';

// PostgREST's URL grammar (select lists, filters, logic trees, order; see
// https://docs.postgrest.org/en/stable/references/api/tables_views.html) as a small
// recursive-descent parser. Parameters arrive already form-decoded by URLSearchParams (`+` is a
// space), as postgrest-js encodes them.

/** Characters that end an unquoted name in select lists and logic trees. */
const NAME_STOP = new Set([',', '(', ')', ':', '!', '.', '-', '>', '"']);

/** Nesting deeper than this is refused: deep trees would otherwise exhaust the stack (500). */
const MAX_DEPTH = 16;

class Cursor {
  pos = 0;
  depth = 0;
  enter(): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
  }
  readonly text: string;
  readonly what: string;

  constructor(text: string, what: string) {
    this.text = text;
    this.what = what;
  }
  peek(length = 1): string {
    return this.text.slice(this.pos, this.pos + length);
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  eat(token: string): boolean {
    if (!this.text.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }
  expect(token: string): void {
    if (!this.eat(token)) this.fail(`expected "${token}"`);
  }
  fail(reason: string): never {
    throw parseError(
      `"failed to parse ${this.what} (${this.text})"`,
      `${reason} at position ${this.pos}`,
    );
  }
  /** A double-quoted string with \" and \\ escapes. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done()) {
      const c = this.text.charAt(this.pos++);
      if (c === '"') return out;
      if (c === '\\' && !this.done()) out += this.text.charAt(this.pos++);
      else out += c;
    }
    return this.fail('unterminated quote');
  }
  name(extraStops: ReadonlySet<string> = NAME_STOP): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done() && !extraStops.has(this.peek())) this.pos += 1;
    const name = this.text.slice(start, this.pos).trim();
    if (name === '') this.fail('expected a name');
    return name;
  }
  field(): Field {
    const column = this.name();
    const path: Field['path'] = [];
    while (this.peek(2) === '->') {
      const arrow = this.eat('->>') ? '->>' : (this.expect('->'), '->');
      path.push({ arrow, key: this.name() });
    }
    return { column, path };
  }
}

function parseSelectList(cursor: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && cursor.peek() === ')') return items;
  for (;;) {
    items.push(parseSelectItem(cursor));
    if (!cursor.eat(',')) break;
  }
  return items;
}

function parseSelectItem(cursor: Cursor): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' };
  let alias: string | undefined;
  let field = cursor.field();
  if (field.path.length === 0 && cursor.peek() === ':' && cursor.peek(2) !== '::') {
    cursor.expect(':');
    alias = field.column;
    field = cursor.field();
  }
  if (field.path.length === 0 && (cursor.peek() === '(' || cursor.peek() === '!')) {
    let hint: string | undefined;
    let inner = false;
    while (cursor.eat('!')) {
      const word = cursor.name();
      if (word === 'inner') inner = true;
      else if (word !== 'left') hint = word;
    }
    cursor.expect('(');
    cursor.enter();
    const select = parseSelectList(cursor, true);
    cursor.depth -= 1;
    cursor.expect(')');
    return { kind: 'embed', relation: field.column, alias, hint, inner, select };
  }
  let cast: string | undefined;
  if (cursor.eat('::')) {
    cast = cursor.name();
    if (!TYPE_NAME.test(cast)) cursor.fail(`invalid cast type "${cast}"`);
  }
  return { kind: 'column', field, alias, cast };
}

export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor(text, 'select parameter');
  if (text.trim() === '') return [{ kind: 'star' }];
  const items = parseSelectList(cursor, false);
  if (!cursor.done()) cursor.fail('unexpected text');
  return items;
}

const isOperator = (word: string): word is FilterOperator =>
  (filterOperators as readonly string[]).includes(word);

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']. */
function parseList(cursor: Cursor): string[] {
  cursor.expect('(');
  const items: string[] = [];
  if (cursor.eat(')')) return items;
  for (;;) {
    if (cursor.peek() === '"') items.push(cursor.quoted());
    else {
      const start = cursor.pos;
      while (!cursor.done() && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos += 1;
      items.push(cursor.text.slice(start, cursor.pos));
    }
    if (cursor.eat(')')) return items;
    cursor.expect(',');
  }
}

/**
 * `[not.]op[(modifier)].value` after the field. Inside a logic tree the value ends at a `,` or
 * `)` outside quotes; at the top level it is the rest of the parameter.
 */
function parseOperation(cursor: Cursor, field: Field, inTree: boolean): Filter {
  let negate = false;
  let word = cursor.name(new Set(['.', '(', ',', ')']));
  if (word === 'not') {
    negate = true;
    cursor.expect('.');
    word = cursor.name(new Set(['.', '(', ',', ')']));
  }
  if (!isOperator(word)) cursor.fail(`unknown operator "${word}"`);
  let modifier: string | undefined;
  if (word !== 'in' && cursor.eat('(')) {
    modifier = cursor.name(new Set([')']));
    cursor.expect(')');
  }
  cursor.expect('.');
  if (word === 'in')
    return { kind: 'filter', field, negate, op: word, modifier, value: parseList(cursor) };
  let value: string;
  if (!inTree) {
    value = cursor.text.slice(cursor.pos);
    cursor.pos = cursor.text.length;
  } else if (cursor.peek() === '"') {
    value = cursor.quoted();
  } else {
    // Braces group array/JSON literals (`cs.{a,b}`) whose commas do not end the value.
    const start = cursor.pos;
    let depth = 0;
    while (!cursor.done()) {
      const c = cursor.peek();
      if (depth === 0 && (c === ',' || c === ')')) break;
      if (c === '{' || c === '[') depth += 1;
      if (c === '}' || c === ']') depth -= 1;
      cursor.pos += 1;
    }
    value = cursor.text.slice(start, cursor.pos);
  }
  return { kind: 'filter', field, negate, op: word, modifier, value };
}

/** `(cond,cond,...)` where cond is `field.op.value`, `and(...)`, `or(...)`, `not.and(...)`. */
function parseTree(cursor: Cursor): Condition[] {
  cursor.expect('(');
  cursor.enter();
  const children: Condition[] = [];
  for (;;) {
    children.push(parseTreeItem(cursor));
    if (cursor.eat(')')) {
      cursor.depth -= 1;
      return children;
    }
    cursor.expect(',');
  }
}

function parseTreeItem(cursor: Cursor): Condition {
  const save = cursor.pos;
  const negate = cursor.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cursor.eat(`${op}(`)) {
      cursor.pos -= 1;
      return { kind: 'logic', op, negate, children: parseTree(cursor) };
    }
  }
  cursor.pos = save;
  const field = cursor.field();
  cursor.expect('.');
  return parseOperation(cursor, field, true);
}

export function parseFilter(key: string, value: string): Filter {
  const fieldCursor = new Cursor(key, 'filter');
  const field = fieldCursor.field();
  if (!fieldCursor.done()) fieldCursor.fail('unexpected text in column');
  const cursor = new Cursor(value, 'filter');
  return parseOperation(cursor, field, false);
}

export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Condition {
  const cursor = new Cursor(value, 'logic tree');
  const children = parseTree(cursor);
  if (!cursor.done()) cursor.fail('unexpected text after the tree');
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(value: string): Order[] {
  return value.split(',').map((term) => {
    const cursor = new Cursor(term, 'order');
    const field = cursor.field();
    let descending = false;
    let nulls: Order['nulls'];
    while (cursor.eat('.')) {
      const word = cursor.name(new Set(['.']));
      if (word === 'asc' || word === 'desc') descending = word === 'desc';
      else if (word === 'nullsfirst' || word === 'nullslast')
        nulls = word === 'nullsfirst' ? 'first' : 'last';
      else cursor.fail(`unknown order modifier "${word}"`);
    }
    if (!cursor.done()) cursor.fail('unexpected text');
    return { field, descending, nulls };
  });
}

export function parseCount(value: string, what: string): number {
  if (!/^\d{1,9}$/.test(value)) throw parseError(`"failed to parse ${what} parameter (${value})"`);
  return Number(value);
}

/** `"a","b"` or `a,b` → ['a', 'b']. */
export function parseNameList(value: string, what: string): string[] {
  const cursor = new Cursor(`(${value})`, what);
  return parseList(cursor).map((name) => name.trim());
}
