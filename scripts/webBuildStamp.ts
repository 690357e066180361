import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The record of the last build `npm start` made: the digest of its inputs, and a digest of the
// dist/index.html it produced, so that a build made since by other means (`npm run build`, the
// tests' builds, with other settings) is never mistaken for it. Kept in node_modules/.cache,
// which a fresh install starts without.

interface Stamp {
  inputs: string;
  index: string;
}

const stampFile = (root: string) =>
  path.join(root, 'node_modules/.cache/blockademia/web-build.json');

async function indexDigest(root: string): Promise<string | undefined> {
  try {
    const html = await readFile(path.join(root, 'dist/index.html'));
    return createHash('sha256').update(html).digest('hex');
  } catch {
    return undefined;
  }
}

/** Is dist/ the build of these inputs? */
export async function isBuiltFrom(root: string, inputs: string): Promise<boolean> {
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(await readFile(stampFile(root), 'utf8')) as Partial<Stamp>;
  } catch {
    return false;
  }
  const index = await indexDigest(root);
  return index !== undefined && stamp.inputs === inputs && stamp.index === index;
}

/** Records that dist/ was just built from these inputs. */
export async function recordBuild(root: string, inputs: string): Promise<void> {
  const index = await indexDigest(root);
  if (index === undefined) return;
  const file = stampFile(root);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ inputs, index } satisfies Stamp));
}
