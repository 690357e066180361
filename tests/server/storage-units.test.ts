import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUpload } from '../../server/storage/body.ts';
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

describe('multipart uploads', () => {
  /** readUpload over a request-like stream of these bytes with this content type. */
  async function upload(body: string, contentType: string) {
    const req = Object.assign(Readable.from([Buffer.from(body)]), {
      headers: { 'content-type': contentType },
    }) as unknown as IncomingMessage;
    try {
      return await readUpload(req, 1024);
    } catch (error) {
      return error instanceof StorageError ? `${error.code}: ${error.message}` : error;
    }
  }
  const part = (disposition: string, value: string, type?: string) =>
    `--B\r\nContent-Disposition: form-data; ${disposition}\r\n` +
    (type === undefined ? '' : `Content-Type: ${type}\r\n`) +
    `\r\n${value}\r\n`;

  // Why the stack keeps its own parser: Node's `Response.formData()` (undici) refuses a body
  // whose data holds the boundary's text ("expected CRLF"), as this file's bytes do.
  it('reads the file part and the fields storage-js sends', async () => {
    const body =
      part('name="cacheControl"', '3600') +
      part('name=""; filename="a.png"', 'PNGBYTES', 'image/png') +
      part('name="metadata"', '{"alt":"a cat"}') +
      '--B--\r\n';
    expect(await upload(body, 'multipart/form-data; boundary=B')).toEqual({
      bytes: Buffer.from('PNGBYTES'),
      declaredType: 'image/png',
      cacheControl: 'max-age=3600',
      userMetadata: { alt: 'a cat' },
    });
  });

  it('refuses a body without a file, with two files, broken framing or no boundary', async () => {
    const type = 'multipart/form-data; boundary=B';
    expect(await upload(part('name="cacheControl"', '60') + '--B--\r\n', type)).toBe(
      'InvalidRequest: No file in the multipart body',
    );
    const twoFiles =
      part('name=""; filename="a.png"', 'A', 'image/png') +
      part('name=""; filename="b.png"', 'B', 'image/png') +
      '--B--\r\n';
    expect(await upload(twoFiles, type)).toBe('InvalidRequest: Only one file per upload');
    expect(await upload('--B\r\nno blank line, no end', type)).toBe(
      'InvalidRequest: Malformed multipart body',
    );
    expect(await upload('anything', 'multipart/form-data')).toBe(
      'InvalidRequest: Missing multipart boundary',
    );
  });
});
