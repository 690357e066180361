import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '../server/config.ts';
import { stackLogger } from '../server/log.ts';
import { fail, onShutdown, startLocalStack } from '../server/start.ts';
import { startSummary } from '../server/startSummary.ts';
import { CATALOGUE_DIGEST_FILE, catalogueDigest, catalogueFromBackend } from './catalogue.ts';
import { sourcesDigest, withCatalogue } from './webBuildInputs.ts';
import { isBuiltFrom, recordBuild } from './webBuildStamp.ts';

// `npm start`: the local stack, then the web app built and previewed on :4173.
// `npm run dev` (--dev): the local stack and Vite's dev server on :5173 with hot reload.
// Vite gets the stack's URL and anon key in its environment (no file is left behind that a later
// build would pick up); Ctrl-C stops everything. `npm start` skips the build when dist/ is
// already the build of the same sources, settings and catalogue (scripts/webBuildInputs.ts).

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const dev = process.argv.includes('--dev');
const appUrl = dev ? 'http://127.0.0.1:5173' : 'http://127.0.0.1:4173';

let child: ChildProcess | undefined;

/** Runs Vite with these arguments; resolves when it exits with code 0. */
function runVite(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      child = undefined;
      if (code === 0) resolve();
      else reject(new Error(`vite ${args.join(' ')} stopped (${signal ?? `exit code ${code}`}).`));
    });
  });
}

/** Resolves once `url` answers, or `serving` ended, so the summary comes when the app opens. */
async function answering(url: string, serving: Promise<void>): Promise<void> {
  const ended = serving.then(() => 'ended' as const);
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      // Not listening yet: Vite starts in well under a second, so ask again soon.
    }
    const again = new Promise<'again'>((resolve) => setTimeout(resolve, 100, 'again'));
    if ((await Promise.race([ended, again])) === 'ended') return;
  }
}

async function main(): Promise<void> {
  // Links in emails land on the app being served.
  const config = readConfig({ SITE_URL: appUrl, ...process.env });
  const stack = await startLocalStack(config, {
    log: stackLogger(config.logLevel, config.logFile),
  });
  onShutdown(async () => {
    child?.kill('SIGTERM');
    await stack.close();
  });
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: stack.url,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
  };

  if (!dev) {
    // The written pages say what the database holds: an admin's edit is a reason to build.
    const catalogue = catalogueDigest(
      await catalogueFromBackend({ url: stack.url, anonKey: stack.anonKey }),
    );
    // Read before the build: a file saved while it runs is not in it, and counts as a change.
    const sources = await sourcesDigest(root, env);
    if (await isBuiltFrom(root, withCatalogue(sources, catalogue))) {
      console.log('The web app is already built from these sources: no build this time.');
    } else {
      await runVite(['build'], env);
      // The catalogue the pages were written from: the database's, unless the build fell back.
      const written = await readFile(path.join(root, 'dist', CATALOGUE_DIGEST_FILE), 'utf8').catch(
        () => catalogue,
      );
      await recordBuild(root, withCatalogue(sources, written));
    }
  }
  // The summary below names the app's address: preview's own banner would say it twice.
  const serve = runVite(dev ? [] : ['preview', '--strictPort', '--logLevel', 'warn'], env);
  await answering(
    appUrl,
    serve.catch(() => undefined),
  );
  if (child !== undefined) {
    console.log(startSummary(stack, config, { appUrl, terminal: process.stdout.isTTY }));
  }
  await serve.catch(async (error: unknown) => {
    await stack.close();
    throw error;
  });
  await stack.close();
}

main().catch(fail);
