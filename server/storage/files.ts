import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errors } from './errors.ts';
import { bucketDir, objectFile, tempDir } from './paths.ts';

// The bytes of objects on disk, at `<dataDir>/storage/<bucket>/<name>`. A write goes to a
// temporary file first and is renamed into place, so a reader never sees half a file.

function isErrno(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    codes.includes(error.code)
  );
}

/** A new temporary file's path (its folder exists). */
async function newTempFile(dataDir: string): Promise<string> {
  await mkdir(tempDir(dataDir), { recursive: true });
  return `${tempDir(dataDir)}/${randomUUID()}`;
}

/** Renames a complete temporary file to be the object's file (replacing what was there). */
async function placeFile(temp: string, file: string, name: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    // `a` is a file and `a/b` is asked for (or the reverse): the name cannot exist on disk.
    if (isErrno(error, 'ENOTDIR', 'EISDIR', 'EEXIST')) throw errors.invalidKey(name);
    throw error;
  }
}

export async function writeObject(
  dataDir: string,
  bucket: string,
  name: string,
  bytes: Buffer,
): Promise<void> {
  const file = objectFile(dataDir, bucket, name);
  const temp = await newTempFile(dataDir);
  await writeFile(temp, bytes, { flag: 'wx' });
  await placeFile(temp, file, name);
}

export interface ObjectKey {
  bucket: string;
  name: string;
}

/** Copies an object's bytes to another object (replacing them); a missing source is NoSuchKey. */
export async function copyObjectFile(
  dataDir: string,
  from: ObjectKey,
  to: ObjectKey,
): Promise<void> {
  const source = objectFile(dataDir, from.bucket, from.name);
  const file = objectFile(dataDir, to.bucket, to.name);
  const temp = await newTempFile(dataDir);
  try {
    await copyFile(source, temp, constants.COPYFILE_EXCL);
  } catch (error) {
    await rm(temp, { force: true });
    if (isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) throw errors.noSuchKey();
    throw error;
  }
  await placeFile(temp, file, to.name);
}

/** The bytes of an object, or undefined when the file is missing. */
export async function readObject(
  dataDir: string,
  bucket: string,
  name: string,
): Promise<Buffer | undefined> {
  try {
    return await readFile(objectFile(dataDir, bucket, name));
  } catch (error) {
    if (isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return undefined;
    throw error;
  }
}

/** Removes an object's file and the folders it leaves empty (up to the bucket's folder). */
export async function removeObject(dataDir: string, bucket: string, name: string): Promise<void> {
  const root = bucketDir(dataDir, bucket);
  let path: string;
  try {
    path = objectFile(dataDir, bucket, name);
  } catch {
    return; // A row written by SQL with a name no file can have: there are no bytes.
  }
  await rm(path, { force: true });
  for (path = dirname(path); path.startsWith(`${root}/`); path = dirname(path)) {
    try {
      await rmdir(path);
    } catch {
      return; // Not empty (or already gone): the folders above are needed too.
    }
  }
}

export async function removeBucketFiles(dataDir: string, bucket: string): Promise<void> {
  await rm(bucketDir(dataDir, bucket), { recursive: true, force: true });
}
