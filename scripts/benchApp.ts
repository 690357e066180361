/**
 * The product as the browser benches see it (`scripts/bench.ts`, `scripts/bench-lighthouse.ts`):
 * a local stack of the bench's own with the fake market provider's prices (tests/e2e/stack.ts on
 * E2E_PORT 4380, away from the e2e suite's ports), the production bundle built for that stack
 * in `dist-bench/` (its own folder, as the e2e suite's E2E_OUT_DIR: a build or an e2e run at the
 * same time in `dist/` neither empties it nor is emptied by it), and `vite preview` serving it on
 * :4174.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface BenchApp {
  /** Where the production build is served: `http://127.0.0.1:4174`. */
  readonly origin: string;
  /** Stops the preview server, then the stack. */
  readonly stop: () => void;
}

const root = join(import.meta.dirname, '..');
/** Where the bench's build goes. */
export const BENCH_OUT_DIR = join(root, 'dist-bench');
const port = 4174;

/** Stops a process started detached, with its children; it may have stopped already. */
function stopGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer.`);
}

/**
 * Starts the stack, builds, and serves the build; prints what it is doing. When the build fails,
 * stops the stack and exits with the build's status.
 */
export async function startBenchApp(): Promise<BenchApp> {
  process.env.E2E_PORT ??= '4380';
  // Imported once E2E_PORT is set: the module reads it when it loads.
  const { CONTROL_URL, E2E_KEYS, STACK_URL } = await import('../tests/e2e/environment.ts');

  console.log('Starting a local stack with the fake market provider…');
  const stack = spawn(process.execPath, ['tests/e2e/stack.ts'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: process.env,
  });
  // What runs, in the order started; stopped the other way round: the server, then the stack.
  const groups = [stack.pid];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const pid of groups.reverse()) stopGroup(pid, 'SIGTERM');
  };
  // Both run in process groups of their own, which Ctrl-C in the terminal does not reach.
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  await waitFor(`${CONTROL_URL}/ready`).catch((error: unknown) => {
    stop();
    throw error;
  });

  // The build and the preview server both write the security policy (a meta tag, a header) from
  // the backend address: both must be given this stack's, or the header blocks every request.
  const appEnv = {
    ...process.env,
    VITE_SUPABASE_URL: STACK_URL,
    VITE_SUPABASE_ANON_KEY: E2E_KEYS.anonKey,
  };

  console.log('Building the production bundle…');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', BENCH_OUT_DIR, '--logLevel', 'error'],
    {
      cwd: root,
      stdio: 'inherit',
      env: appEnv,
    },
  );
  if (build.status !== 0) {
    stop();
    process.exit(build.status ?? 1);
  }

  const server = spawn(
    'npx',
    ['vite', 'preview', '--outDir', BENCH_OUT_DIR, '--port', String(port), '--strictPort'],
    {
      cwd: root,
      stdio: 'ignore',
      detached: true,
      env: appEnv,
    },
  );
  groups.push(server.pid);
  const origin = `http://127.0.0.1:${String(port)}`;
  try {
    await waitFor(origin);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}
