import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { seedUsers } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// A local stack with the storage service mounted at /storage/v1, bytes in a fresh temp folder,
// and a storage clock the tests move forward instead of waiting for a signed URL to expire.

export interface StorageStack extends TestStack {
  /** Where the service keeps the bytes. */
  dataDir: string;
  /** Moves storage's clock forward (for the rest of the suite). */
  advance(seconds: number): void;
}

/** For a suite: seeds users A, B and the admin, starts the stack, stops it and removes its files. */
export function storageStack(db: () => Database): () => StorageStack {
  let stack: StorageStack | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await seedUsers(db());
    const dataDir = await mkdtemp(join(tmpdir(), 'blockademia-storage-'));
    let offset = 0;
    const running = await startStack(db(), {
      storageDir: dataDir,
      now: () => new Date(Date.now() + offset),
    });
    stack = {
      ...running,
      dataDir,
      advance(seconds) {
        offset += seconds * 1000;
      },
    };
    close = async () => {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close?.();
  });
  return () => {
    if (!stack) throw new Error('The storage stack starts in beforeAll.');
    return stack;
  };
}

/** A valid 1×1 PNG, optionally padded (in an ancillary chunk-free tail) to size bytes. */
export function png(size = 0): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return size <= base.length ? base : Buffer.concat([base, Buffer.alloc(size - base.length)]);
}

export const gif = (): Buffer =>
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
