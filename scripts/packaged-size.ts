// `npm run dist:size [-- <project folder>] [--all]`: how much of node_modules electron-builder
// would copy into the desktop app, i.e. the production dependencies of package-lock.json as
// installed, less the files electron-builder leaves out. Before asar and compression. Prints the
// total and the largest packages (every package with --all).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packagedSize, type Lockfile } from './packagedDependencies.ts';

const args = process.argv.slice(2);
const all = args.includes('--all');
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? '.');
const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
const size = await packagedSize(root, lock);

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
const largest = [...size.packages].sort((a, b) => b.bytes - a.bytes);
console.log(
  `${root}: ${size.packages.length} production packages, ${megabytes(size.bytes)} ` +
    `(${size.bytes} bytes) copied from node_modules`,
);
for (const pkg of all ? largest : largest.slice(0, 10)) {
  console.log(`  ${megabytes(pkg.bytes).padStart(9)}  ${pkg.path}`);
}
if (size.missing.length > 0) {
  console.log(`not installed here: ${size.missing.map((pkg) => pkg.path).join(', ')}`);
}
