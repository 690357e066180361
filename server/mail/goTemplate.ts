import { escapeHtml } from './escapeHtml.ts';

// The subset of Go's html/template that the mail templates of supabase/templates/ use, so that
// the local stack sends what hosted Supabase renders from the same files
// (https://pkg.go.dev/html/template):
//
//   {{ .Field }} or {{ .Data.key }}          the value, HTML-escaped
//   {{ if eq .Field "text" }} … {{ else if eq .Field "text" }} … {{ else }} … {{ end }}
//
// Everything else (pipelines, functions, `range`, `with`, trim markers, comments) is refused when
// the template is parsed, which the stack does at start, never when a mail is sent.

export class TemplateError extends Error {
  override name = 'TemplateError';
}

type Path = readonly string[];

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; path: Path }
  | { kind: 'if'; branches: { path: Path; equals: string; body: Node[] }[]; otherwise: Node[] };

export interface Template {
  render(data: Readonly<Record<string, unknown>>): string;
}

export interface ParseOptions {
  /** Names the template in errors (a file name, or the config key of a subject). */
  source: string;
  /** Whether a field path such as ['Data', 'language'] exists in the data the template gets. */
  knownField(path: Path): boolean;
}

type Action =
  | { kind: 'field'; path: Path }
  | { kind: 'if' | 'elseIf'; path: Path; equals: string }
  | { kind: 'else' | 'end' };

const FIELD = /^(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;
// Go string literals without escapes: the templates need none.
const CONDITION = /^eq\s+(\S+)\s+"([^"\\]*)"$/;

export function parseTemplate(text: string, options: ParseOptions): Template {
  const tokens = tokenize(text, options);
  let index = 0;

  const fail = (line: number, message: string): never => {
    throw new TemplateError(`${options.source}, line ${line}: ${message}`);
  };

  /** Nodes up to an `else`, `else if` or `end` (returned, not consumed), or the end of input. */
  function parseNodes(): { nodes: Node[]; stop: Token | undefined } {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index] as Token;
      if (token.kind === 'text') {
        nodes.push({ kind: 'text', text: token.text });
        index += 1;
        continue;
      }
      const { action } = token;
      if (action.kind === 'field') {
        nodes.push({ kind: 'field', path: action.path });
        index += 1;
      } else if (action.kind === 'if') {
        index += 1;
        nodes.push(parseIf(token.line, action.path, action.equals));
      } else {
        return { nodes, stop: token };
      }
    }
    return { nodes, stop: undefined };
  }

  function parseIf(line: number, path: Path, equals: string): Node {
    const branches: { path: Path; equals: string; body: Node[] }[] = [];
    let test = { path, equals };
    for (;;) {
      const { nodes, stop } = parseNodes();
      if (stop?.kind !== 'action') return fail(line, '{{ if }} without {{ end }}');
      index += 1;
      const next = stop.action;
      if (next.kind === 'elseIf') {
        branches.push({ ...test, body: nodes });
        test = { path: next.path, equals: next.equals };
      } else if (next.kind === 'else') {
        branches.push({ ...test, body: nodes });
        const rest = parseNodes();
        if (rest.stop?.kind !== 'action' || rest.stop.action.kind !== 'end') {
          const at = rest.stop?.kind === 'action' ? rest.stop.line : line;
          return fail(at, '{{ else }} must be followed by {{ end }}');
        }
        index += 1;
        return { kind: 'if', branches, otherwise: rest.nodes };
      } else {
        branches.push({ ...test, body: nodes });
        return { kind: 'if', branches, otherwise: [] };
      }
    }
  }

  const { nodes, stop } = parseNodes();
  if (stop?.kind === 'action') {
    const name = stop.action.kind === 'elseIf' ? 'else if' : stop.action.kind;
    fail(stop.line, `{{ ${name} }} without {{ if }}`);
  }
  return { render: (data) => renderNodes(nodes, data) };
}

type Token = { kind: 'text'; text: string } | { kind: 'action'; action: Action; line: number };

function tokenize(text: string, options: ParseOptions): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const fail = (offset: number, message: string): never => {
    throw new TemplateError(`${options.source}, line ${lineAt(offset)}: ${message}`);
  };
  while (position < text.length) {
    const open = text.indexOf('{{', position);
    if (open === -1) {
      tokens.push({ kind: 'text', text: text.slice(position) });
      break;
    }
    if (open > position) tokens.push({ kind: 'text', text: text.slice(position, open) });
    const close = text.indexOf('}}', open + 2);
    if (close === -1) fail(open, 'unclosed {{');
    const inner = text.slice(open + 2, close);
    if (inner.startsWith('-') || inner.endsWith('-')) {
      fail(open, 'trim markers ({{- or -}}) are not supported');
    }
    const action = parseAction(inner.trim(), (message) => fail(open, message), options);
    tokens.push({ kind: 'action', action, line: lineAt(open) });
    position = close + 2;
  }
  return tokens;
}

function parseAction(
  source: string,
  fail: (message: string) => never,
  options: ParseOptions,
): Action {
  const field = (text: string): Path => {
    if (!FIELD.test(text)) return fail(`"${text}" is not a field such as .Token or .Data.language`);
    const path = text.slice(1).split('.');
    if (!options.knownField(path)) return fail(`unknown field ${text}`);
    return path;
  };
  if (source === 'else') return { kind: 'else' };
  if (source === 'end') return { kind: 'end' };
  const conditional = /^(if|else if)\s+(.*)$/.exec(source);
  if (conditional !== null) {
    const condition = CONDITION.exec(conditional[2] ?? '');
    if (condition === null) {
      return fail(`only {{ ${conditional[1] ?? 'if'} eq .Field "text" }} is supported`);
    }
    return {
      kind: conditional[1] === 'if' ? 'if' : 'elseIf',
      path: field(condition[1] ?? ''),
      equals: condition[2] ?? '',
    };
  }
  if (source.startsWith('.')) return { kind: 'field', path: field(source) };
  return fail(
    `{{ ${source} }} is not supported: only {{ .Field }} and ` +
      '{{ if eq .Field "text" }} / {{ else if … }} / {{ else }} / {{ end }}',
  );
}

function lookup(data: Readonly<Record<string, unknown>>, path: Path): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function renderNodes(nodes: readonly Node[], data: Readonly<Record<string, unknown>>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += node.text;
    } else if (node.kind === 'field') {
      const value = lookup(data, node.path);
      // html/template prints nothing for a missing key.
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new TemplateError(`.${node.path.join('.')} is not a single value`);
      }
      out += escapeHtml(String(value));
    } else {
      const taken = node.branches.find(({ path, equals }) => lookup(data, path) === equals);
      out += renderNodes(taken?.body ?? node.otherwise, data);
    }
  }
  return out;
}
