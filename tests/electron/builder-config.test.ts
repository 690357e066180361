/**
 * How `npm run dist` packages the desktop app (build/electron-builder.json): a configuration
 * electron-builder accepts, the installers of each system, the icon, and the Electron fuses it
 * flips in the packaged binary. There is no Electron binary here, so the fuses are flipped by
 * electron-builder's own code in a stand-in file that carries the fuse wire as Electron's does.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseV1Options, getCurrentFuseWire, type FuseConfig } from '@electron/fuses';
import { PlatformPackager, type Configuration } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = JSON.parse(
  await readFile(path.join(root, 'build/electron-builder.json'), 'utf8'),
) as Configuration;

// What Electron's binaries hold after the sentinel: the wire's version, its length, then one
// byte per fuse, the character '1' when on and '0' when off. Electron ships them as
// RunAsNode, NodeOptions, the inspector and file:// privileges on, the rest off.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);
const SHIPPED = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];

/** The fuse wire electron-builder leaves in a packaged Windows binary, read back. */
async function packagedFuses(): ReturnType<typeof getCurrentFuseWire> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fuses-'));
  try {
    const binary = Buffer.concat([
      Buffer.from('ELF…'),
      Buffer.from(SENTINEL),
      Buffer.from([1, SHIPPED.length, ...SHIPPED]),
      Buffer.from('…rest of the binary'),
    ]);
    await writeFile(path.join(dir, 'Blockademia.exe'), binary);
    // The packager's fuse steps, run as `npm run dist` runs them right before signing. The
    // first is private in its typings, hence the cast; neither reads more of the packager than
    // the product's file name.
    const packager = PlatformPackager.prototype as unknown as {
      generateFuseConfig(fuses: NonNullable<Configuration['electronFuses']>): Promise<FuseConfig>;
      addElectronFuses(
        context: { appOutDir: string; electronPlatformName: string },
        fuses: FuseConfig,
      ): Promise<number>;
    };
    const self = { appInfo: { productFilename: 'Blockademia' } };
    const fuses = await packager.generateFuseConfig.call(self, config.electronFuses ?? {});
    await packager.addElectronFuses.call(
      self,
      { appOutDir: dir, electronPlatformName: 'win32' },
      fuses,
    );
    return await getCurrentFuseWire(path.join(dir, 'Blockademia.exe'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('electron-builder configuration', () => {
  it('is one electron-builder accepts', async () => {
    await expect(
      validateConfiguration(config, { isEnabled: false, add: () => undefined } as never),
    ).resolves.toBeUndefined();
  });

  it('builds an AppImage and a deb on Linux, a dmg on macOS and an NSIS installer on Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    // dpkg refuses a package whose maintainer has no address.
    expect(config.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
  });

  it('gives the app a square icon of at least 512 pixels, as the macOS and Windows icons need', async () => {
    expect(config.icon).toBe('build/icon.png');
    const png = await readFile(path.join(root, 'build/icon.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The IHDR chunk, first in every PNG, starts with the width and the height.
    const width = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(width);
    expect(width).toBeGreaterThanOrEqual(512);
  });

  it('turns off running as Node, Node options and the inspector, and turns on cookie encryption and asar-only loading', async () => {
    const wire = await packagedFuses();
    const state = (fuse: FuseV1Options) => wire[fuse];
    expect(state(FuseV1Options.RunAsNode)).toBe(OFF);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(OFF);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(OFF);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(OFF);
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe(ON);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(ON);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(ON);
    // asar-only loading needs the app to be in an asar archive.
    expect(config.asar).toBe(true);
  });
});
