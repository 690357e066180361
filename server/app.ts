import { createServer, type Server } from 'node:http';
import type { Database } from './db/database.ts';
import { createRouter, type Route } from './http/router.ts';
import type { Logger } from './log.ts';
import { restService } from './rest/service.ts';
import { storageService } from './storage/service.ts';

// The local Supabase-compatible stack: one HTTP server, services mounted by path prefix.
// `/rest/v1` and `/storage/v1` are built here; `/auth/v1`, `/mail` and `/functions/v1` come in
// through `routes` (server/start.ts passes all three; tests pass what they need).

export interface StackOptions {
  /** A prepared database (bootstrap + migrations applied). */
  db: Database;
  /** Signs and verifies every JWT (API keys and access tokens). At least 32 characters. */
  jwtSecret: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Where storage keeps the bytes of objects; without it `/storage/v1` is not served. */
  storageDir?: string;
  /** Extra services (auth, functions) mounted before the others. */
  routes?: readonly Route[];
  /** Storage's clock (signed URLs expire by it); tests move it. Default: the system clock. */
  now?: () => Date;
  /** Where each request's log entry goes (npm start: stdout as JSON lines); none by default. */
  log?: Logger;
}

export function createStack(options: StackOptions): Server {
  if (options.jwtSecret.length < 32)
    throw new Error('The JWT secret must have at least 32 characters.');
  const routes: Route[] = [
    ...(options.routes ?? []),
    ...(options.storageDir === undefined
      ? []
      : [
          {
            prefix: '/storage/v1',
            service: storageService({
              db: options.db,
              jwtSecret: options.jwtSecret,
              dataDir: options.storageDir,
              now: options.now ?? (() => new Date()),
            }),
          },
        ]),
    {
      prefix: '/rest/v1',
      service: restService({
        db: options.db,
        jwtSecret: options.jwtSecret,
        bodyLimit: options.bodyLimit ?? 1024 * 1024,
      }),
    },
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
