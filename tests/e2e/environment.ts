import path from 'node:path';
import { deriveApiKeys } from '../../server/keys.ts';

// Where the end-to-end suite runs its own copy of the product: the web build, the local stack
// on its own data folder and port, a fake market-data provider, and a control endpoint the
// tests use to change the provider's prices and run a refresh. E2E_PORT moves the whole set, so
// that two runs (or `npm start` on its usual ports) never collide.

const base = Number(process.env.E2E_PORT ?? 4180);

export const E2E_PORTS = {
  app: base,
  stack: base + 1,
  control: base + 2,
  provider: base + 3,
  generator: base + 4,
} as const;

export const APP_URL = `http://127.0.0.1:${E2E_PORTS.app}`;
export const STACK_URL = `http://127.0.0.1:${E2E_PORTS.stack}`;
export const CONTROL_URL = `http://127.0.0.1:${E2E_PORTS.control}`;

/** A fixed secret for a throw-away stack: the build embeds the anon key derived from it. */
export const E2E_JWT_SECRET = 'e2e-only-secret-of-a-throw-away-local-stack';

export const E2E_KEYS = deriveApiKeys(E2E_JWT_SECRET);

/**
 * Where the suite's web build goes: E2E_OUT_DIR (a folder of the repository) lets two runs on
 * one machine keep their builds apart; by default, Vite's own `dist/`.
 */
export const E2E_BUILD_DIR = path.resolve(
  import.meta.dirname,
  '../..',
  process.env.E2E_OUT_DIR ?? 'dist',
);
