import type { Level, SelectItem } from './ast.ts';
import { pgrst } from './errors.ts';

// Checks that every `rel.*` parameter names an embed of the select, and turns `rel=is.null` /
// `rel=not.is.null` on an embed name into an existence condition on the parent.

function embedPaths(items: readonly SelectItem[], path: string, out: Map<string, Set<string>>) {
  const names = new Set<string>();
  out.set(path, names);
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const name = item.alias ?? item.relation;
    names.add(name);
    embedPaths(item.select, path === '' ? name : `${path}.${name}`, out);
  }
}

export function resolveLevels(levels: Map<string, Level>, select: readonly SelectItem[]): void {
  const paths = new Map<string, Set<string>>();
  embedPaths(select, '', paths);
  for (const [path, level] of levels) {
    const embeds = paths.get(path);
    if (embeds === undefined) {
      throw pgrst(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
    level.conditions = level.conditions.filter((condition) => {
      if (condition.kind !== 'filter' || !embeds.has(condition.field.column)) return true;
      if (condition.op !== 'is' || condition.value !== 'null' || condition.field.path.length > 0) {
        throw pgrst(
          400,
          'PGRST120',
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
      level.existence.push({ relation: condition.field.column, present: condition.negate });
      return false;
    });
  }
}
