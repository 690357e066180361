// Copies each token sheet's icon from @web3icons/core (MIT) into renderer/public/token-icons/, so
// pages show icons without loading anything from a third party. Run after adding a token sheet:
//   npm run icons
// The files are committed; tests check that every sheet has its icon and no icon is left over.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tokens } from '@web3icons/common';

const repoRoot = path.resolve(import.meta.dirname, '..');
const tokensDir = path.join(repoRoot, 'content/tokens');
const iconsDir = path.join(repoRoot, 'renderer/public/token-icons');

// The coloured icon where there is one, else the plain one.
const VARIANT_PREFERENCE = ['branded', 'mono', 'background'] as const;

async function iconSvg(id: string): Promise<string> {
  const entry = tokens.find((token) => token.id === id);
  if (!entry) throw new Error(`${id} is not in @web3icons/common's list of CoinGecko ids`);
  const [kind, name] = entry.filePath.split(':');
  const folder = kind === 'network' ? 'networks' : 'tokens';
  const variant = VARIANT_PREFERENCE.find((candidate) => entry.variants.includes(candidate));
  if (!name || !variant) throw new Error(`${id} has no usable icon in @web3icons/core`);
  const module = (await import(`@web3icons/core/svgs/${folder}/${variant}/${name}.svg.js`)) as {
    default: string;
  };
  return module.default.replace(' class="web3icons"', '');
}

const ids = (await readdir(tokensDir))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

await mkdir(iconsDir, { recursive: true });
const wanted = new Set(ids.map((id) => `${id}.svg`));
for (const file of await readdir(iconsDir)) {
  if (file.endsWith('.svg') && !wanted.has(file)) await rm(path.join(iconsDir, file));
}
for (const id of ids) {
  await writeFile(path.join(iconsDir, `${id}.svg`), await iconSvg(id));
}
console.log(`${ids.length} token icons written to ${path.relative(repoRoot, iconsDir)}/`);
