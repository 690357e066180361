// Validates every file under content/ without a database: the same checks the seed runs before it
// writes anything. Prints the counts, or every problem found, one per line.
import { loadContent } from '../server/seed/load.ts';
import { ContentError } from '../server/seed/schema.ts';

try {
  const content = await loadContent();
  const modulesPerLevel = new Map<string, number>();
  for (const { level } of content.modules) {
    modulesPerLevel.set(level, (modulesPerLevel.get(level) ?? 0) + 1);
  }
  console.log(
    `content is valid: ${content.terms.length} terms, ${content.tokens.length} tokens, ` +
      `${content.modules.length} modules (` +
      [...modulesPerLevel].map(([level, count]) => `${level} ${count}`).join(', ') +
      ')',
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
