import { emptyLevel, type Level, type ParsedQuery } from './ast.ts';
import {
  parseCount,
  parseFilter,
  parseLogic,
  parseNameList,
  parseOrder,
  parseSelect,
} from './parse.ts';

// Sorts a request's query parameters: select, columns and on_conflict; then, per embed
// path (`rel.`), order/limit/offset and logic trees; everything with an operator is a filter
// and the rest are plain values (RPC arguments on GET, a parse error on tables).

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const levels = new Map<string, Level>();
  const level = (path: string): Level => {
    let found = levels.get(path);
    if (found === undefined) {
      found = emptyLevel();
      levels.set(path, found);
    }
    return found;
  };
  level('');
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    levels,
    columns: undefined,
    onConflict: undefined,
    plain: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'columns') query.columns = parseNameList(value, 'columns');
    else if (key === 'on_conflict') query.onConflict = parseNameList(value, 'on_conflict');
    else if (RESERVED.has(key)) continue;
    else addParameter(query, level, key, value);
  }
  return query;
}

function addParameter(
  query: ParsedQuery,
  level: (path: string) => Level,
  key: string,
  value: string,
): void {
  const segments = key.split('.');
  const last = segments.at(-1) ?? '';
  let negate = false;
  let prefix = segments.slice(0, -1);
  if ((last === 'or' || last === 'and') && prefix.at(-1) === 'not') {
    negate = true;
    prefix = prefix.slice(0, -1);
  }
  const path = prefix.join('.');
  if (last === 'order') level(path).order.push(...parseOrder(value));
  else if (last === 'limit') level(path).limit = parseCount(value, 'limit');
  else if (last === 'offset') level(path).offset = parseCount(value, 'offset');
  else if (last === 'or' || last === 'and')
    level(path).conditions.push(parseLogic(last, negate, value));
  else if (!/^(not\.)?[a-z]+(\([^)]*\))?\./.test(value)) query.plain.set(key, value);
  else level(path).conditions.push(parseFilter(last, value));
}
