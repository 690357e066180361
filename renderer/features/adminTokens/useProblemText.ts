import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from './sheetForm';

/** A field's problems as one sentence in the admin's language, or undefined when none. */
export function useProblemText(): (problems: readonly FieldProblem[]) => string | undefined {
  const { t } = useTranslation(['adminTokens', 'admin']);
  return useCallback(
    (problems) => {
      if (problems.length === 0) return undefined;
      return problems
        .map((problem) => {
          const text = t(`admin:problems.${problem.code}`, { ...problem.params });
          return problem.line === undefined
            ? text
            : t('editor.texts.line', { line: problem.line, problem: text });
        })
        .join(' ');
    },
    [t],
  );
}
