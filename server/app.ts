import { createServer, type Server } from 'node:http';
import type { Database } from './db/database.ts';
import { functionsService, type FunctionHandler } from './functions/service.ts';
import { createRouter, type Route, type Service } from './http/router.ts';
import type { Logger } from './log.ts';
import { restService } from './rest/service.ts';
import { storageService } from './storage/service.ts';

// The local Supabase-compatible stack: one HTTP server, services mounted by path prefix, all of
// them here. `/rest/v1`, `/storage/v1` and `/functions/v1` are built here; the auth service and
// the local mailbox, which need the mailer and the site's settings, come in built
// (server/start.ts passes everything; tests pass what they need).

export interface StackOptions {
  /** A prepared database (bootstrap + migrations applied). */
  db: Database;
  /** Signs and verifies every JWT (API keys and access tokens). At least 32 characters. */
  jwtSecret: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Where storage keeps the bytes of objects; without it `/storage/v1` is not served. */
  storageDir?: string;
  /** GoTrue's API, at `/auth/v1` (server/auth/service.ts); not served without it. */
  auth?: Service;
  /** The local mailbox's pages, at `/mail` (server/mail/); not served without it. */
  mailbox?: Service;
  /** The edge functions by name, at `/functions/v1/<name>`; not served without them. */
  functions?: Readonly<Record<string, FunctionHandler>>;
  /** Storage's clock (signed URLs expire by it); tests move it. Default: the system clock. */
  now?: () => Date;
  /** REST's statement timeout per role (default Supabase's: server/rest/service.ts). */
  statementTimeouts?: Readonly<Record<string, string>>;
  /** Where each request's log entry goes (npm start: stdout as JSON lines); none by default. */
  log?: Logger;
}

export function createStack(options: StackOptions): Server {
  if (options.jwtSecret.length < 32)
    throw new Error('The JWT secret must have at least 32 characters.');
  const mounted = (prefix: string, service: Service | undefined): Route[] =>
    service === undefined ? [] : [{ prefix, service }];
  const routes: Route[] = [
    ...mounted('/auth/v1', options.auth),
    ...mounted('/mail', options.mailbox),
    ...mounted(
      '/functions/v1',
      options.functions === undefined
        ? undefined
        : functionsService({ jwtSecret: options.jwtSecret, functions: options.functions }),
    ),
    ...mounted(
      '/storage/v1',
      options.storageDir === undefined
        ? undefined
        : storageService({
            db: options.db,
            jwtSecret: options.jwtSecret,
            dataDir: options.storageDir,
            now: options.now ?? (() => new Date()),
          }),
    ),
    ...mounted(
      '/rest/v1',
      restService({
        db: options.db,
        jwtSecret: options.jwtSecret,
        bodyLimit: options.bodyLimit ?? 1024 * 1024,
        ...(options.statementTimeouts === undefined
          ? {}
          : { statementTimeouts: options.statementTimeouts }),
      }),
    ),
  ];
  const router = createRouter(routes, options.log);
  return createServer((req, res) => {
    // The router answers every error itself; this only guards against a bug escaping it.
    router(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}
