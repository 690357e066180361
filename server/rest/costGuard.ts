import type { Queryable, QueryResult } from '../db/database.ts';
import type { SelectItem } from './ast.ts';
import { pgrst } from './errors.ts';

// A read whose embeds nest or multiply (`tokens?select=id,token_translations(tokens(
// token_translations(…)))`) grows with the product of every level's rows: seven levels took
// PGlite, which cannot be interrupted and serves every other request on the same thread, for
// tens of seconds and gigabytes. Such a statement is planned first (EXPLAIN, which does not run
// it) and refused with 400 when Postgres's own estimate of its cost is over a limit. Plain
// reads and one level of embeds, which cost little whatever they ask, skip the check and its
// round trip.

/**
 * The planner's cost units. The product's heaviest read (the learning modules, with their steps
 * and translations) is estimated about 1e5; seven nested levels of tokens and translations
 * 1.2e8, which PGlite took 1.2 s to answer; 5e6 answers within about 0.2 s on PGlite here.
 */
export const MAX_STATEMENT_COST = 5_000_000;

interface Shape {
  embeds: number;
  depth: number;
}

function shapeOf(items: readonly SelectItem[]): Shape {
  let embeds = 0;
  let depth = 0;
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const inner = shapeOf(item.select);
    embeds += 1 + inner.embeds;
    depth = Math.max(depth, 1 + inner.depth);
  }
  return { embeds, depth };
}

/** Embeds inside embeds, or more than three of them: the statement is planned first. */
export function needsCostCheck(select: readonly SelectItem[]): boolean {
  const { embeds, depth } = shapeOf(select);
  return depth >= 2 || embeds > 3;
}

/** The estimated total cost of the plan `explain (format json)` answered. */
function totalCost(plan: unknown): number {
  // pg and PGlite hand a json column over parsed.
  const cost: unknown = Array.isArray(plan)
    ? (plan[0] as { Plan?: { 'Total Cost'?: unknown } } | undefined)?.Plan?.['Total Cost']
    : undefined;
  if (typeof cost !== 'number') throw new Error('EXPLAIN answered a plan without a total cost.');
  return cost;
}

/** Runs the statement, after planning it when its embeds could make it costly. */
export async function queryWithinCost<T>(
  tx: Queryable,
  select: readonly SelectItem[],
  sql: string,
  params: readonly unknown[],
): Promise<QueryResult<T>> {
  if (needsCostCheck(select)) {
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) ${sql}`,
      params,
    );
    const cost = totalCost(rows[0]?.['QUERY PLAN']);
    if (cost > MAX_STATEMENT_COST) {
      throw pgrst(
        400,
        '54001',
        'statement too complex',
        `The embedded resources would cost about ${Math.round(cost).toLocaleString('en-US')} (the limit is ${MAX_STATEMENT_COST.toLocaleString('en-US')}).`,
        'Embed fewer levels or fewer resources, or read fewer rows with limit.',
      );
    }
  }
  return tx.query<T>(sql, params);
}
