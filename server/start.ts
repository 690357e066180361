import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStack } from './app.ts';
import type { IpLimits } from './auth/rateLimits.ts';
import { authService } from './auth/service.ts';
import { ConfigError, readConfig, type StackConfig } from './config.ts';
import { checkDataFolder, databaseDir, unopenableDataFolder } from './dataFolder.ts';
import { lockDataDir, unlockDataDir } from './dataLock.ts';
import { type Database, openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/migrate.ts';
import { deriveApiKeys } from './keys.ts';
import { functionJob, generatorEnv, localFunctions, providerEnv } from './functions/registry.ts';
import { startScheduler } from './functions/scheduler.ts';
import { type Logger, stackLogger } from './log.ts';
import { startSummary } from './startSummary.ts';
import { isLoopbackAddress, mailboxAt, refusedMailbox } from './mail/loopbackOnly.ts';
import type { Service, ServiceRequest } from './http/router.ts';
import { createOutbox, type Mailer } from './mail/outbox.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import { loadJwtSecret } from './secret.ts';
import { seedFromContent } from './seed/load.ts';

// Starts the local stack from a config: database (PGlite in `<DATA_DIR>/db` or DATABASE_URL),
// bootstrap, migrations and the content seed, `/auth/v1` with the local mailbox at `/mail`,
// `/rest/v1`, `/storage/v1` and `/functions/v1`, and the market-price refresh every few
// minutes. As a script (`node server/start.ts`) it runs until SIGINT/SIGTERM.

export interface LocalStack {
  /** The API's base URL, with the real port (STACK_PORT=0 picks one). */
  url: string;
  /** Public by design: the renderer embeds it. */
  anonKey: string;
  /** Bypasses row-level security: for the operator's scripts, never for a browser. */
  serviceKey: string;
  /** The local mailbox, or undefined when mail goes out over SMTP or the mailbox is refused. */
  mailboxUrl: string | undefined;
  /**
   * Where the mails go: the local mailbox, an SMTP server, or nowhere but the log, when the
   * stack listens on a non-loopback address without SMTP_URL and refuses to show the mailbox.
   */
  mailDelivery: 'mailbox' | 'smtp' | 'log';
  /** Stops the HTTP server, then closes the database (PGlite flushes its data folder). */
  close(): Promise<void>;
}

/** Opens the database of a config; with PGlite, only after taking the data folder's lock. */
export async function openConfiguredDatabase(config: StackConfig): Promise<Database> {
  if (config.databaseUrl !== undefined) return openDatabase({ databaseUrl: config.databaseUrl });
  await lockDataDir(config.dataDir);
  try {
    await checkDataFolder(config.dataDir);
    try {
      return await openDatabase({ dataDir: databaseDir(config.dataDir) });
    } catch (error) {
      throw unopenableDataFolder(config.dataDir, error);
    }
  } catch (error) {
    await unlockDataDir(config.dataDir);
    throw error;
  }
}

/**
 * What the command-line tools (admin, seed) share: run a task on the configured database, close
 * it, and turn the problems a user can fix into a message and exit code 1 — the task's own
 * (`isUserError`) and a database whose tables do not exist yet (`noTables`).
 */
export async function runOnConfiguredDatabase(
  task: (db: Database) => Promise<void>,
  problems: { isUserError: (error: unknown) => boolean; noTables: string },
): Promise<number> {
  const config = readConfig();
  const db = await openConfiguredDatabase(config);
  try {
    await task(db);
    return 0;
  } catch (error) {
    const undefinedTable = (error as { code?: string }).code === '42P01';
    if (!undefinedTable && !problems.isUserError(error)) throw error;
    console.error(undefinedTable ? problems.noTables : (error as Error).message);
    return 1;
  } finally {
    await closeConfiguredDatabase(config, db);
  }
}

/** Closes a database from openConfiguredDatabase, and releases the lock. */
export async function closeConfiguredDatabase(config: StackConfig, db: Database): Promise<void> {
  try {
    await db.close();
  } finally {
    if (config.databaseUrl === undefined) await unlockDataDir(config.dataDir);
  }
}

/**
 * Starts the stack of a config. With `log` (the commands pass server/log.ts's stackLogger), every
 * request is logged, and so is every mail kept in the local mailbox, with its links: that is how
 * a developer without SMTP follows a confirmation link. Mail sent over SMTP is never logged.
 */
export async function startLocalStack(
  config: StackConfig,
  {
    log,
    authIpLimits,
    database,
  }: {
    log?: Logger;
    /** The per-IP auth budgets; `false` for a test suite whose every request comes from one IP. */
    authIpLimits?: Partial<IpLimits> | false;
    /** An open database to serve instead of the config's (tests); the caller closes it. */
    database?: Database;
  } = {},
): Promise<LocalStack> {
  // The database first: a secret generated before it would make a first start's empty folder
  // look like one that lost its database (dataFolder.ts).
  const db = database ?? (await openConfiguredDatabase(config));
  const closeDatabase = () =>
    database === undefined ? closeConfiguredDatabase(config, db) : Promise.resolve();
  try {
    const jwtSecret = await loadJwtSecret(config);
    await prepareDatabase(db);
    // The educational content of content/, upserted as the database owner (idempotent).
    await seedFromContent(db);
    const outbox = createOutbox();
    const mailbox: Mailer = {
      async send(mail) {
        await outbox.send(mail);
        log?.({
          level: 'info',
          msg: 'mail kept in the local mailbox',
          to: mail.to,
          subject: mail.subject,
          links: outbox.latest(mail.to)?.links ?? [],
        });
      },
    };
    const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.smtpFrom) : undefined;
    // Refused until the stack listens and its address proves to be a loopback one.
    let mailboxPages: Service = refusedMailbox;
    const { serviceKey, anonKey } = deriveApiKeys(jwtSecret);
    // The functions call the stack back through supabase-js, at an address known once it listens.
    let stackUrl = '';
    const functions = localFunctions(() => ({
      SUPABASE_URL: stackUrl,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      SUPABASE_ANON_KEY: anonKey,
      ...providerEnv(),
      ...generatorEnv(),
    }));
    const server = createStack({
      db,
      jwtSecret,
      log,
      storageDir: path.join(config.dataDir, 'storage'),
      auth: authService({
        db,
        jwtSecret,
        siteUrl: config.siteUrl,
        mailer: smtp ?? mailbox,
        autoconfirm: config.autoconfirm,
        ...(authIpLimits === undefined ? {} : { ipLimits: authIpLimits }),
      }),
      // The local mailbox holds the mails only when no SMTP server takes them.
      ...(smtp ? {} : { mailbox: (request: ServiceRequest) => mailboxPages(request) }),
      functions,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `Port ${config.port} on ${config.host} is already in use: is the stack already ` +
                  'running? Stop it, or set STACK_PORT to another port.',
              )
            : error,
        );
      });
      server.listen(config.port, config.host, resolve);
    });
    const { port, address } = server.address() as AddressInfo;
    const url = `http://${displayHost(config.host)}:${port}`;
    stackUrl = url;
    const mailboxServed = !smtp && isLoopbackAddress(address);
    if (mailboxServed) mailboxPages = mailboxAt(address, outbox);
    else if (!smtp) warnMailboxRefused(config.host, log);
    // Null until the scheduler plans a run: a disabled refresh has no next run to show.
    await recordNextMarketRun(db, null);
    const scheduler = startScheduler({
      name: 'refresh-market',
      every: config.marketRefreshMs,
      run: functionJob(functions['refresh-market'], 'refresh-market', () => stackUrl, serviceKey),
      onPlanned: (at) => void recordNextMarketRun(db, new Date(at)),
      advice: MARKET_ADVICE,
    });
    // The provider's largest coins move slowly: once a day, only when prices are refreshed.
    const topCoins = startScheduler({
      name: 'refresh-top-coins',
      every: config.marketRefreshMs > 0 ? TOP_COINS_REFRESH_MS : 0,
      run: functionJob(
        functions['refresh-top-coins'],
        'refresh-top-coins',
        () => stackUrl,
        serviceKey,
      ),
      advice: MARKET_ADVICE,
    });
    let closing: Promise<void> | undefined;
    return {
      url,
      anonKey,
      serviceKey,
      mailboxUrl: mailboxServed ? `${url}/mail` : undefined,
      mailDelivery: smtp ? 'smtp' : mailboxServed ? 'mailbox' : 'log',
      close() {
        closing ??= (async () => {
          await scheduler.stop();
          await topCoins.stop();
          smtp?.close();
          await new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => {
              resolve();
            });
          });
          await closeDatabase();
        })();
        return closing;
      },
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}

/**
 * Anyone who reaches a stack listening beyond this machine could read other people's links in
 * the mailbox: it stays refused, and the operator is told why and what to do.
 */
function warnMailboxRefused(host: string, log: Logger | undefined): void {
  const msg =
    `local mailbox refused: the stack listens on ${host}, beyond this machine, and SMTP_URL is ` +
    'not set. /mail answers 403; the info log still lists each mail with its links. Set ' +
    'SMTP_URL to deliver the mails, or STACK_HOST=127.0.0.1 to read them at /mail.';
  if (log === undefined) console.warn(msg);
  else log({ level: 'warn', msg });
}

/** Told once when the market provider fails, until it works again. */
const MARKET_ADVICE =
  'The pages keep the prices read last. Check that this machine reaches the provider, or set ' +
  'MARKET_REFRESH_MINUTES=0 to stop asking; the same failure is not reported again.';

/** The provider's largest coins (for the admin dashboard) are read once a day. */
const TOP_COINS_REFRESH_MS = 24 * 60 * 60_000;

/**
 * Best effort, as the stack's own bookkeeping (the database owner, not an API role): a failure
 * only leaves the dashboard with an older plan.
 */
async function recordNextMarketRun(db: Database, at: Date | null): Promise<void> {
  try {
    await db.query('update public.market_refresh_status set next_run_at = $1', [at]);
  } catch (error) {
    console.error(
      `scheduler: recording the next market refresh failed: ${error instanceof Error ? error.message : 'error'}`,
    );
  }
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Stops on SIGINT/SIGTERM by running stop once; a second signal exits at once. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) process.exit(1);
    stopping = true;
    stop().then(
      () => {
        console.log('Blockademia stopped; its data is saved.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Prints a startup failure without a stack trace, and exits with code 1. */
export function fail(error: unknown): never {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = readConfig();
  const stack = await startLocalStack(config, {
    log: stackLogger(config.logLevel, config.logFile),
  });
  onShutdown(() => stack.close());
  console.log(startSummary(stack, config, { terminal: process.stdout.isTTY }));
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main().catch(fail);
}
