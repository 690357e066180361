import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import {
  listFile,
  listModule,
  packagedPasswords,
  topPasswords,
} from '../../scripts/common-passwords.ts';

// shared/commonPasswordList.ts is generated from @zxcvbn-ts/language-common: it must be what
// `npm run passwords:common` writes from the installed version, byte for byte.

it('is what scripts/common-passwords.ts makes of the installed package', async () => {
  const { version, ranked } = await packagedPasswords();
  const expected = await listModule(version, topPasswords(ranked));
  expect(await readFile(listFile, 'utf8')).toBe(expected);
});
