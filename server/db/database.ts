import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';

/** What a statement returns: its rows, and how many rows it returned or changed. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Something that runs SQL: the database itself, or one transaction of it. */
export interface Queryable {
  /** One statement; values are always bound as parameters ($1, $2, ...). */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
  /** A script of one or more statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** One statement with its bound values, as text (a transaction's opening settings). */
export interface Statement {
  sql: string;
  params: readonly string[];
}

export interface TransactionOptions {
  /**
   * fn runs at most one statement (a REST read of one page). On Postgres the opening and that
   * statement then travel without `begin` and `commit`, as one implicit transaction: one round
   * trip instead of two. That transaction has committed when the statement answers, so fn
   * throwing afterwards undoes nothing: only a read that changes nothing may declare this. A
   * second statement is refused.
   */
  singleStatement?: boolean;
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs fn in one transaction: committed when fn resolves, rolled back when it throws. Inside
   * fn, use only the transaction handed to it (PGlite is one connection: the database itself
   * waits for the transaction to end). `opening` runs first in the transaction (a request's role
   * and settings); on Postgres it travels with `begin` and fn's first statement (without
   * `begin` when options.singleStatement is set).
   */
  transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    opening?: Statement,
    options?: TransactionOptions,
  ): Promise<T>;
  /** PGlite only: its data folder as a tarball, which `image` can open again. */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PGlite's data folder; in memory when undefined. Ignored when databaseUrl is set. */
  dataDir?: string;
  /**
   * PGlite: start from this image of a data folder (`Database.image()`) instead of an empty
   * one. The server tests open every database from one migrated image: creating an empty
   * PGlite database and migrating it costs seconds, loading the image a fraction of that.
   */
  image?: Blob;
  /** A real Postgres (`postgres://user@host:port/db`); takes precedence over dataDir. */
  databaseUrl?: string;
}

/** A Postgres identifier, quoted: `a"b` becomes `"a""b"`. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl !== undefined) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPglite({ dataDir, image }: DatabaseOptions): Promise<Database> {
  const client = await PGlite.create({
    extensions: { pgcrypto, uuid_ossp },
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(image === undefined ? {} : { loadDataDir: image }),
  });
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const inTurn = turns();
  const direct = wrap(client);
  return {
    kind: 'pglite',
    query: (sql, params) => inTurn(() => direct.query(sql, params)),
    exec: (sql) => inTurn(() => direct.exec(sql)),
    // One connection in this process: no round trips to save, but the same contract.
    transaction: (fn, opening, options = {}) =>
      inTurn(() =>
        client.transaction(async (tx) => {
          const wrapped = wrap(tx);
          if (opening !== undefined) await wrapped.query(opening.sql, opening.params);
          return fn(options.singleStatement === true ? oneStatementOnly(wrapped) : wrapped);
        }),
      ),
    image: () => inTurn(() => client.dumpDataDir('none')),
    close: () => inTurn(() => client.close()),
  };
}

/** A transaction declared a single statement: a second one, or a script, is a mistake. */
function oneStatementOnly(tx: Queryable): Queryable {
  let sent = false;
  return {
    query(sql, params) {
      if (sent) {
        return Promise.reject(
          new Error('This transaction was declared a single statement: a second one was sent.'),
        );
      }
      sent = true;
      return tx.query(sql, params);
    },
    exec: () => Promise.reject(new Error('A single-statement transaction runs no script.')),
  };
}

const nextEventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each statement synchronously on the event loop, and its own queue hands over to
 * the next caller in a microtask, so a request whose bytes arrive is served to the end inside
 * the callback that read them. Under load one event-loop turn then serves every request ready
 * in it (tens of ms), and Node accepts only one new connection per turn: a client opening a
 * connection waited up to seconds behind the clients already connected (p99 1.4 s, p50 80 ms,
 * in scripts/bench-rest.ts). Here every call (a statement outside a transaction, a whole
 * transaction, close) waits for the previous one to end and then for one event-loop turn
 * (setImmediate), in order of call: one call per turn, so sockets and connections are served
 * between calls and requests in first-come order. A lone call only waits for the next turn.
 * (`between` is what a call waits for after the previous one: a pg transaction's statements,
 * which share one connection, wait for nothing more.)
 */
function turns(
  between: () => Promise<void> = nextEventLoopTurn,
): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last
      .catch(() => undefined)
      .then(between)
      .then(work);
    last = run;
    return run;
  };
}

// bigint (int8, e.g. count(*)) as a JS number, as PGlite returns it, so that both targets give
// the same values; numeric stays a string on both. Per pool, not pg's global parsers.
const INT8_OID = 20;
const types = new pg.TypeOverrides();
types.setTypeParser(INT8_OID, 'text', (value: string) => Number(value));

/**
 * Runs `before`, then sql, in one message group of the extended protocol (each statement parsed,
 * bound, described and executed, one Sync at the end): one write and one wait for them all. An
 * error in any of them stops the group and is the promise's error; the result is sql's.
 */
function inOneTrip<T>(
  client: pg.PoolClient,
  before: readonly Statement[],
  sql: string,
  params: readonly unknown[],
): Promise<QueryResult<T>> {
  return new Promise((resolve, reject) => {
    // queryMode is pg's own option (not in its type declarations): the extended protocol even
    // without parameters, since the statements before it are sent that way.
    const config: pg.QueryConfig & { queryMode: 'extended' } = {
      text: sql,
      values: [...params],
      queryMode: 'extended',
    };
    const query = new pg.Query(config, undefined, (error, result) => {
      // pg passes null on success, where its types say undefined.
      if (error) {
        reject(error);
        return;
      }
      // One result per statement of the group; sql's is the last.
      const results: unknown = result;
      const last = (Array.isArray(results) ? results.at(-1) : results) as pg.QueryResult;
      resolve({ rows: last.rows as T[], rowCount: last.rowCount ?? 0 });
    });
    const submit = query.submit.bind(query);
    query.submit = (connection) => {
      // Corked, the messages of every statement leave in one write when uncorked.
      connection.stream.cork();
      try {
        for (const statement of before) {
          connection.parse({ name: '', text: statement.sql, types: [] }, true);
          connection.bind({ portal: '', statement: '', values: [...statement.params] }, true);
          connection.describe({ type: 'P', name: '' }, true);
          connection.execute({ portal: '' }, true);
        }
        submit(connection);
      } finally {
        connection.stream.uncork();
      }
    };
    client.query(query);
  });
}

/**
 * Whether a statement's error leaves its connection unusable: the server ended the session
 * (severity FATAL or PANIC), or the error came from the connection rather than from Postgres.
 */
function endsConnection(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return error.severity === 'FATAL' || error.severity === 'PANIC';
}

function openPostgres(databaseUrl: string): Database {
  // PostgREST's default pool size: five let a handful of slow requests starve the rest.
  const pool = new pg.Pool({ connectionString: databaseUrl, types, max: 10 });
  // An idle client losing its connection emits on the pool; without a listener that would
  // crash the process. The next query reports the problem instead.
  pool.on('error', () => undefined);

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn, opening, options = {}) {
      const client = await pool.connect();
      // A connection that ends while checked out is not handed to the next caller. The pool
      // listens only to its idle clients, and an 'error' event with no listener would end the
      // process.
      let broken: Error | undefined;
      const lose = (error: Error) => {
        broken = error;
      };
      client.on('error', lose);
      const single = options.singleStatement === true;
      const direct = wrap(client);
      // Each statement sent on its own is a round trip (a write, then a wait for the answer),
      // and on Postgres that, not the work, bounded how many requests a second the REST layer
      // served. So `begin` and the opening statement wait to travel with fn's first statement,
      // in one message group, as PostgREST sends a request's settings with its query.
      // Statements before a Sync are one implicit transaction, whose local settings end with it.
      const waiting: { statements: Statement[] | undefined } = {
        statements: [
          ...(single ? [] : [{ sql: 'begin', params: [] }]),
          ...(opening === undefined ? [] : [opening]),
        ],
      };
      const takeUnsent = (): Statement[] | undefined => {
        const statements = waiting.statements;
        waiting.statements = undefined;
        return statements;
      };
      // fn may start statements together (Promise.all): they go one after the other, as
      // they would on one connection anyway; pg deprecates a query on a busy client. The
      // transaction ends (commit or rollback) only once every statement started has settled,
      // so none runs after it, outside it; one started after that is refused.
      const queue = turns(() => Promise.resolve());
      let ended = false;
      const inOrder = <R>(work: () => Promise<R>): Promise<R> =>
        queue(() =>
          ended
            ? Promise.reject(
                new Error('The transaction has ended: its statements must be awaited inside it.'),
              )
            : work().catch((error: unknown) => {
                // Without begin there is no rollback to tell a lost connection: tell it here.
                if (endsConnection(error))
                  lose(error instanceof Error ? error : new Error(String(error)));
                throw error;
              }),
        );
      const settled = async () => {
        await queue(() => Promise.resolve()).catch(() => undefined);
        ended = true;
      };
      const tx: Queryable = {
        query<T>(sql: string, params: readonly unknown[] = []) {
          return inOrder(() => {
            const before = takeUnsent();
            return before === undefined
              ? direct.query<T>(sql, params)
              : inOneTrip<T>(client, before, sql, params);
          });
        },
        exec(sql: string) {
          return inOrder(async () => {
            const before = takeUnsent();
            const last = before?.pop();
            if (before !== undefined && last !== undefined) {
              await inOneTrip(client, before, last.sql, last.params);
            }
            await direct.exec(sql);
          });
        },
      };
      try {
        const result = await fn(single ? oneStatementOnly(tx) : tx);
        await settled();
        // Nothing was sent when fn ran no statement: there is no transaction to end; a single
        // statement's implicit transaction ended with it.
        if (waiting.statements === undefined && !single) await client.query('commit');
        return result;
      } catch (error) {
        await settled();
        if (waiting.statements === undefined && !single) {
          try {
            await client.query('rollback');
          } catch (rollbackError) {
            // A connection that cannot roll back is not handed to the next caller.
            broken =
              rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
        }
        throw error;
      } finally {
        client.off('error', lose);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
