import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// What the web build (`vite build`: dist/ and dist-electron/) is made from. `npm start` builds
// only when this changed since its last build, so that a restart does not wait for one.

/** Files and folders the build reads: the sources, the content, Vite's settings, the lock file. */
export const WEB_BUILD_INPUTS = [
  'renderer',
  'shared',
  'content',
  'electron',
  'scripts/catalogue.ts',
  'scripts/contentIndexPlugin.ts',
  'scripts/fastStaticSite.ts',
  'scripts/prerender.ts',
  'scripts/prerenderPages.ts',
  'scripts/sitemap.ts',
  // The pages written at build read content/ through the seed's loader when no backend is named.
  'server/seed',
  'scripts/webSecurityPolicy.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  // Vite reads these from the repository root (its envDir).
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
] as const;

async function filesUnder(root: string, relative: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [relative];
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * A digest of what the build reads but the catalogue: each input file's path and bytes, and the
 * `VITE_*` variables the build bakes in (the stack's URL and anon key among them). `npm start`
 * reads it once, before a build that may take a while.
 */
export async function sourcesDigest(
  root: string,
  env: Record<string, string | undefined>,
): Promise<string> {
  const files = (
    await Promise.all(WEB_BUILD_INPUTS.map((input) => filesUnder(root, input)))
  ).flat();
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name] ?? ''}\0`);
  }
  return hash.digest('hex');
}

/**
 * The sources' digest with the catalogue's (scripts/catalogue.ts), when the build reads it from
 * the database: everything a build depends on.
 */
export function withCatalogue(sources: string, catalogue: string): string {
  return createHash('sha256').update(`${sources}\0catalogue=${catalogue}\0`).digest('hex');
}
