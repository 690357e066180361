import { describe, expect, it } from 'vitest';
import { StorageError } from '../../server/storage/errors.ts';
import {
  checkMimeType,
  effectiveType,
  parseFileSize,
  sniffImageType,
} from '../../server/storage/mime.ts';
import { checkObjectName, objectFile } from '../../server/storage/paths.ts';
import { gif, png } from './storage-stack.ts';

// The pure parts of storage: names that could escape the data folder, types from bytes, sizes.

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof StorageError ? error.code : 'not a StorageError';
  }
};

describe('storage names', () => {
  it.each(['..', 'a/../b', 'a/./b', 'a\\b', 'a\u0000b', 'a\nb', '', '/', 'x'.repeat(1025)])(
    'refuses %j',
    (name) => {
      expect(code(() => checkObjectName(name))).toBe('InvalidKey');
    },
  );

  it('normalises slashes and keeps files inside the bucket folder', () => {
    expect(checkObjectName('/a//b/c.png/')).toBe('a/b/c.png');
    expect(objectFile('/data', 'avatars', 'a/b.png')).toBe('/data/storage/avatars/a/b.png');
    expect(code(() => objectFile('/data', '..', 'a'))).toBe('InvalidBucketName');
    expect(code(() => objectFile('/data', '.tmp', 'a'))).toBe('InvalidBucketName');
  });
});

describe('storage types and sizes', () => {
  it('detects images from their bytes, whatever is declared', () => {
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(gif())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(effectiveType(Buffer.from('<svg/>'), 'image/png')).toBe('text/plain');
    expect(effectiveType(Buffer.from([0, 1, 2]), 'image/jpeg')).toBe('application/octet-stream');
    expect(effectiveType(png(), 'text/html')).toBe('image/png');
    expect(effectiveType(Buffer.from('%PDF'), 'application/pdf; x=y')).toBe('application/pdf');
  });

  it('matches allowed types with subtype wildcards', () => {
    expect(
      code(() => {
        checkMimeType('image/gif', ['image/*']);
      }),
    ).toBeUndefined();
    expect(
      code(() => {
        checkMimeType('image/gif', ['image/png']);
      }),
    ).toBe('InvalidMimeType');
    expect(
      code(() => {
        checkMimeType('text/plain', null);
      }),
    ).toBeUndefined();
  });

  it('parses size limits in bytes or decimal units', () => {
    expect(parseFileSize(2097152)).toBe(2097152);
    expect(parseFileSize('1MB')).toBe(1_000_000);
    expect(parseFileSize('30kb')).toBe(30_000);
    expect(parseFileSize(null)).toBeNull();
    expect(code(() => parseFileSize('lots'))).toBe('InvalidRequest');
  });
});
