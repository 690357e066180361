import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackConfig } from './config.ts';

// The JWT secret: JWT_SECRET when set, otherwise generated once (48 random bytes, base64url)
// into `<DATA_DIR>/jwt-secret` (mode 0600) and reused, so the API keys survive restarts.
// Never printed.

export const secretFile = (dataDir: string): string => path.join(dataDir, 'jwt-secret');

export async function loadJwtSecret(
  config: Pick<StackConfig, 'dataDir' | 'jwtSecret'>,
): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  const file = secretFile(config.dataDir);
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two starts race, the second reads the first one's secret.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readSecret(file);
    if (raced === undefined) throw error;
    return raced;
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no usable secret (fewer than 32 characters): delete it to generate a new one ` +
        '(every issued key and session then stops working).',
    );
  }
  return secret;
}
