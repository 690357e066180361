import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContentError } from './seed/schema.ts';
import { seedFromContent, type SeedTableCounts } from './seed/load.ts';
import { fail, runOnConfiguredDatabase } from './start.ts';

// `npm run seed`: validates content/ and upserts it into the database of DATABASE_URL — a hosted
// Supabase project's once `supabase db push` has created the tables — or, without it, the local
// stack's PGlite in DATA_DIR (stop the stack first: PGlite allows one process). `npm start`
// already seeds at every start; this is for databases it does not run on.

async function main(): Promise<number> {
  return runOnConfiguredDatabase(
    async (db) => {
      const { rows, changed } = await seedFromContent(db);
      const total = (counts: SeedTableCounts): number =>
        (Object.keys(counts) as (keyof SeedTableCounts)[]).reduce(
          (sum, table) => sum + counts[table],
          0,
        );
      console.log(
        `Content seeded: ${rows.terms} terms, ${rows.tokens} tokens, ${rows.learning_modules} ` +
          `modules; ${total(changed)} of ${total(rows)} rows written (the others already matched).`,
      );
    },
    {
      isUserError: (error) => error instanceof ContentError,
      noTables:
        'The database has no Blockademia tables yet: apply the migrations first ' +
        '(supabase db push, or start the local stack once).',
    },
  );
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main().then((code) => process.exit(code), fail);
}
