import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

// What electron-builder copies into the desktop app besides `files`: the installed folders of the
// production dependencies, that is every package-lock.json entry npm installs without the dev
// ones. Read by `npm run dist:size` and tests/electron/packaging.test.ts.

export interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly optional?: boolean;
  readonly link?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

export interface Lockfile {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

export interface ProductionPackage {
  /** The package's name, as `require` would name it. */
  readonly name: string;
  /** Its folder relative to the project, as the lock names it: `node_modules/a/node_modules/b`. */
  readonly path: string;
}

const NODE_MODULES = 'node_modules/';

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
export function packageNameOf(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf(NODE_MODULES) + NODE_MODULES.length);
}

/**
 * The lock's entries that `npm ci --omit=dev` installs: neither `dev` nor `devOptional` (needed
 * only by development dependencies, optionally or not). Sorted by path.
 */
export function productionPackages(lock: Lockfile): ProductionPackage[] {
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith(NODE_MODULES) && !entry.dev && !entry.devOptional)
    .map(([key]) => ({ name: packageNameOf(key), path: key }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

// electron-builder's own exclusions when it copies a dependency on Linux and macOS
// (app-builder-lib: NodeModuleCopyHelper.ts, fileMatcher.ts, appFileCopier.ts). Nested
// `node_modules` folders are copied as dependencies of their own, so they are skipped here too.
const EXCLUDED_NAMES = new Set([
  'node_modules',
  ...['.DS_Store', 'CHANGELOG.md', 'ChangeLog', 'changelog.md', 'Changelog.md', 'Changelog'],
  ...['binding.gyp', '.npmignore', 'node_gyp_bins', '.git', '.hg', '.svn', 'CVS', 'RCS', 'SCCS'],
  ...['__pycache__', 'thumbs.db', '.gitignore', '.gitkeep', '.gitattributes', '.idea', '.vs'],
  ...['.flowconfig', '.jshintrc', '.eslintrc', '.circleci', '.yarn-integrity', 'yarn.lock'],
  ...['.yarn-metadata.json', 'yarn-error.log', 'package-lock.json', 'npm-debug.log'],
  ...['pnpm-lock.yaml', 'bun.lock', 'bun.lockb'],
]);
const TOP_LEVEL_EXCLUDED_NAMES = new Set([
  ...['karma.conf.js', '.coveralls.yml', 'README.md', 'readme.markdown', 'README', 'readme.md'],
  ...['Readme.md', 'Readme', 'readme', 'test', 'tests', '__tests__', 'powered-test', 'example'],
  ...['examples', '.bin'],
]);
const EXCLUDED_EXTENSIONS = [
  ...['.o', '.obj', '.iml', '.hprof', '.orig', '.pyc', '.pyo', '.rbc', '.swp', '.csproj', '.sln'],
  ...['.suo', '.xproj', '.cc', '.d.ts', '.mk', '.a', '.forge-meta', '.pdb', '.dll', '.exe'],
];

function isExcluded(name: string, topLevel: boolean): boolean {
  return (
    EXCLUDED_NAMES.has(name) ||
    name.startsWith('._') ||
    (topLevel && TOP_LEVEL_EXCLUDED_NAMES.has(name)) ||
    EXCLUDED_EXTENSIONS.some((extension) => name.endsWith(extension))
  );
}

/** Bytes of the files electron-builder would copy from one installed package folder. */
async function packagedBytes(dir: string, topLevel = true): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (isExcluded(entry.name, topLevel)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += await packagedBytes(full, false);
    else if (entry.isFile()) bytes += (await lstat(full)).size;
  }
  return bytes;
}

export interface PackagedSize {
  readonly bytes: number;
  readonly packages: readonly (ProductionPackage & { readonly bytes: number })[];
  /** Production entries with no folder on disk (optional packages for another platform). */
  readonly missing: readonly ProductionPackage[];
}

/** Sizes the production dependencies as installed under `root` (a full or production install). */
export async function packagedSize(root: string, lock: Lockfile): Promise<PackagedSize> {
  const packages: (ProductionPackage & { bytes: number })[] = [];
  const missing: ProductionPackage[] = [];
  for (const pkg of productionPackages(lock)) {
    const dir = path.join(root, pkg.path);
    const found = await lstat(dir).catch(() => null);
    if (found?.isDirectory()) packages.push({ ...pkg, bytes: await packagedBytes(dir) });
    else missing.push(pkg);
  }
  return { bytes: packages.reduce((sum, pkg) => sum + pkg.bytes, 0), packages, missing };
}
