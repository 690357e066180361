// Writes each token sheet's icon into renderer/public/token-icons/, so pages show icons without
// loading anything from a third party. Run after adding a token sheet:
//   npm run icons
// The icon is copied from @web3icons/core (MIT) when it has one for the sheet: found through
// @web3icons/common's list of CoinGecko ids, or through EXTRA_ICONS below for the ids that list
// does not know. Otherwise the script draws a neutral badge of our own (a grey disc with the
// symbol's first letters), so a new sheet never waits for an icon package to catch up.
// The files are committed; tests check that every sheet has its icon and no icon is left over.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tokens } from '@web3icons/common';

const repoRoot = path.resolve(import.meta.dirname, '..');
const tokensDir = path.join(repoRoot, 'content/tokens');
const iconsDir = path.join(repoRoot, 'renderer/public/token-icons');

// The coloured icon where there is one, else the plain one.
const VARIANT_PREFERENCE = ['branded', 'mono', 'background'] as const;
type Variant = (typeof VARIANT_PREFERENCE)[number];

interface IconSource {
  folder: 'tokens' | 'networks';
  name: string;
  variants: readonly string[];
}

/**
 * Icons @web3icons/core ships under another key than the CoinGecko id (its list has no entry for
 * these ids, or an entry keyed by the symbol): the network's logo is the token's logo.
 */
const EXTRA_ICONS: Readonly<Record<string, IconSource>> = {
  hyperliquid: { folder: 'networks', name: 'hyper-evm', variants: VARIANT_PREFERENCE },
  'sonic-3': { folder: 'networks', name: 'sonic', variants: VARIANT_PREFERENCE },
  'ethena-usde': { folder: 'tokens', name: 'USDE', variants: VARIANT_PREFERENCE },
};

function sourceOf(id: string): IconSource | undefined {
  const extra = EXTRA_ICONS[id];
  if (extra) return extra;
  const entry = tokens.find((token) => token.id === id);
  if (!entry) return undefined;
  const [kind, name] = entry.filePath.split(':');
  if (!name) return undefined;
  return { folder: kind === 'network' ? 'networks' : 'tokens', name, variants: entry.variants };
}

async function web3Icon(id: string): Promise<string | undefined> {
  const source = sourceOf(id);
  if (!source) return undefined;
  const variant = VARIANT_PREFERENCE.find((candidate: Variant) =>
    source.variants.includes(candidate),
  );
  if (!variant) return undefined;
  try {
    const module = (await import(
      `@web3icons/core/svgs/${source.folder}/${variant}/${source.name}.svg.js`
    )) as { default: string };
    return module.default.replace(' class="web3icons"', '');
  } catch {
    return undefined;
  }
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Our neutral badge: a mid-grey disc with a lighter ring and the symbol's first letters in white,
 * readable on a light and on a dark background alike; a generic font family, nothing to load.
 */
function badgeSvg(symbol: string): string {
  const letters = symbol
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 4);
  const text = letters || '?';
  const size = [11, 11, 9, 7.5, 6][text.length] ?? 6;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" fill="none" viewBox="0 0 24 24">',
    '  <circle cx="12" cy="12" r="10.5" fill="#64748B" stroke="#CBD5E1" stroke-width="1"/>',
    `  <text x="12" y="12" fill="#FFFFFF" font-family="sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

const files = (await readdir(tokensDir)).filter((file) => file.endsWith('.json')).sort();

await mkdir(iconsDir, { recursive: true });
const wanted = new Set(files.map((file) => file.replace(/\.json$/, '.svg')));
for (const file of await readdir(iconsDir)) {
  if (file.endsWith('.svg') && !wanted.has(file)) await rm(path.join(iconsDir, file));
}
const badges: string[] = [];
for (const file of files) {
  const id = file.slice(0, -'.json'.length);
  const sheet = JSON.parse(await readFile(path.join(tokensDir, file), 'utf8')) as {
    symbol?: unknown;
  };
  let svg = await web3Icon(id);
  if (svg === undefined) {
    svg = badgeSvg(typeof sheet.symbol === 'string' ? sheet.symbol : id);
    badges.push(id);
  }
  await writeFile(path.join(iconsDir, `${id}.svg`), svg);
}
console.log(
  `${files.length} token icons written to ${path.relative(repoRoot, iconsDir)}/` +
    (badges.length ? `, ${badges.length} of them our neutral badge (${badges.join(', ')})` : ''),
);
