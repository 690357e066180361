/**
 * A select of tokens → translations → tokens → …: `levels` embeds, each inside the previous one
 * (the read that held PGlite for tens of seconds at seven levels). For hostile-requests.test.ts
 * and scripts/bench-hostile.ts.
 */
export function nestedEmbeds(levels: number): string {
  const embed = (level: number): string => {
    const [relation, column] =
      level % 2 === 1 ? ['token_translations', 'language'] : ['tokens', 'id'];
    return `${relation}(${column}${level < levels ? `,${embed(level + 1)}` : ''})`;
  };
  return `id,${embed(1)}`;
}
