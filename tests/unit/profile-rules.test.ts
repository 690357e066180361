import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  avatarProblem,
  avatarTypeOf,
  profileDetailsProblems,
} from '../../shared/profile';
import { exportFileName } from '../../renderer/features/profile/DataExport';

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];

describe('a profile picture', () => {
  it('is a PNG or a JPEG by its first bytes, whatever its name', () => {
    expect(avatarTypeOf(new Uint8Array(PNG_START))).toBe('image/png');
    expect(avatarTypeOf(new Uint8Array(JPEG_START))).toBe('image/jpeg');
    expect(avatarTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(avatarTypeOf(new TextEncoder().encode('not a picture'))).toBeNull();
    expect(avatarTypeOf(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('weighs 2 MiB at most, as the bucket allows', () => {
    const sized = (length: number) => {
      const bytes = new Uint8Array(length);
      bytes.set(PNG_START);
      return bytes;
    };
    expect(avatarProblem(sized(AVATAR_MAX_BYTES))).toBeNull();
    expect(avatarProblem(sized(AVATAR_MAX_BYTES + 1))).toBe('size');
    expect(avatarProblem(new TextEncoder().encode('x'.repeat(10)))).toBe('format');
  });
});

describe('the name and the bio', () => {
  it('count characters as the database does, after trimming', () => {
    expect(profileDetailsProblems({ fullName: 'a'.repeat(100), bio: '😀'.repeat(500) })).toEqual(
      [],
    );
    expect(profileDetailsProblems({ fullName: ` ${'a'.repeat(100)} `, bio: '' })).toEqual([]);
    expect(profileDetailsProblems({ fullName: 'a'.repeat(101), bio: 'b'.repeat(501) })).toEqual([
      'fullName',
      'bio',
    ]);
  });
});

it('names the export after its day', () => {
  expect(exportFileName(new Date('2026-11-26T10:00:00Z'))).toBe('blockademia-data-2026-11-26.json');
});
