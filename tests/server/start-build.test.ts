import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourcesDigest, WEB_BUILD_INPUTS, withCatalogue } from '../../scripts/webBuildInputs.ts';
import { isBuiltFrom, recordBuild } from '../../scripts/webBuildStamp.ts';

// `npm start` skips the web build when dist/ is its own last build of the same inputs.

/** What npm start compares: the sources, settings and catalogue of a build. */
const webBuildDigest = async (
  root: string,
  env: Record<string, string | undefined>,
  catalogue = '',
) => withCatalogue(await sourcesDigest(root, env), catalogue);

describe('npm start: build or not', () => {
  let root: string;
  const env = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'key' };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blockademia-start-build-'));
    await mkdir(path.join(root, 'renderer/pages'), { recursive: true });
    await mkdir(path.join(root, 'dist'), { recursive: true });
    await writeFile(path.join(root, 'renderer/pages/Home.tsx'), 'export default 1;');
    await writeFile(path.join(root, 'package-lock.json'), '{}');
    await writeFile(path.join(root, 'dist/index.html'), '<script src="/assets/a1.js"></script>');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('skips the build when nothing it reads changed since its own last build', async () => {
    const inputs = await webBuildDigest(root, env);
    expect(await isBuiltFrom(root, inputs)).toBe(false);
    await recordBuild(root, inputs);
    expect(await isBuiltFrom(root, await webBuildDigest(root, { ...env, OTHER: 'ignored' }))).toBe(
      true,
    );
  });

  it('builds again after a source, the lock file or the stack settings change', async () => {
    await recordBuild(root, await webBuildDigest(root, env));
    await writeFile(path.join(root, 'renderer/pages/Home.tsx'), 'export default 2;');
    expect(await isBuiltFrom(root, await webBuildDigest(root, env))).toBe(false);

    await recordBuild(root, await webBuildDigest(root, env));
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await isBuiltFrom(root, await webBuildDigest(root, env))).toBe(false);

    await recordBuild(root, await webBuildDigest(root, env));
    const otherStack = { ...env, VITE_SUPABASE_URL: 'http://127.0.0.1:55555' };
    expect(await isBuiltFrom(root, await webBuildDigest(root, otherStack))).toBe(false);
  });

  it("builds again when the database's catalogue changed, which the written pages say", async () => {
    await recordBuild(root, await webBuildDigest(root, env, 'catalogue-1'));
    expect(await isBuiltFrom(root, await webBuildDigest(root, env, 'catalogue-1'))).toBe(true);
    expect(await isBuiltFrom(root, await webBuildDigest(root, env, 'catalogue-2'))).toBe(false);
  });

  it('builds again after a source saved while the last build ran', async () => {
    // npm start reads the sources before building and records that reading afterwards.
    const before = await sourcesDigest(root, env);
    await writeFile(path.join(root, 'renderer/pages/Home.tsx'), 'export default 3;');
    await recordBuild(root, withCatalogue(before, 'catalogue-1'));
    expect(
      await isBuiltFrom(root, withCatalogue(await sourcesDigest(root, env), 'catalogue-1')),
    ).toBe(false);
  });

  it('builds again when dist/ was rebuilt by another command since', async () => {
    const inputs = await webBuildDigest(root, env);
    await recordBuild(root, inputs);
    await writeFile(path.join(root, 'dist/index.html'), '<script src="/assets/b2.js"></script>');
    expect(await isBuiltFrom(root, inputs)).toBe(false);
    await rm(path.join(root, 'dist'), { recursive: true });
    expect(await isBuiltFrom(root, inputs)).toBe(false);
  });

  it("counts every file of the repository that Vite's settings import among the build's inputs", async () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    const settings = await readFile(path.join(repo, 'vite.config.ts'), 'utf8');
    const local = [...settings.matchAll(/from '\.\/([^']+)'/g)].map(([, file]) => file ?? '');
    expect(local.length).toBeGreaterThan(0);
    const uncovered = local.filter(
      (file) => !WEB_BUILD_INPUTS.some((input) => file === input || file.startsWith(`${input}/`)),
    );
    expect(uncovered).toEqual([]);
  });
});
