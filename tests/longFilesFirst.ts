import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest starts the files it has no timing for by size, largest first; on a fresh clone (CI)
 * it has none, and the server suite's longest files are small ones (the REST fuzz is two
 * three-line files, one per database). Started last, they alone would set the run's length.
 * These start first, in this order, within their project; the rest keep Vitest's order.
 */
const LONGEST = [
  /rest-fuzz-(pglite|postgres)\.test\.ts$/,
  /cli-(admin|stack)\.test\.ts$/,
  /crash-safety\.test\.ts$/,
  /migrations\.test\.ts$/,
  /endpoint-fuzz\.test\.ts$/,
  /data-folder\.test\.ts$/,
];

const rank = (spec: TestSpecification): number => {
  const index = LONGEST.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? LONGEST.length : index;
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    // Array.prototype.sort is stable: equal ranks keep Vitest's order.
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
