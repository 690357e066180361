import path from 'node:path';
import * as prettier from 'prettier';
import type { Queryable } from '../server/db/database.ts';
import { generateDatabaseTypes } from './databaseTypes.ts';

/** Where the generated `Database` type lives: shared, because the renderer and tests use it. */
export const DATABASE_TYPES_FILE = path.resolve(import.meta.dirname, '../shared/database.types.ts');

/** The file's text as the generator writes it: formatted with the repository's Prettier rules. */
export async function formattedDatabaseTypes(db: Queryable): Promise<string> {
  const options = await prettier.resolveConfig(DATABASE_TYPES_FILE);
  return prettier.format(await generateDatabaseTypes(db), {
    ...options,
    filepath: DATABASE_TYPES_FILE,
  });
}
