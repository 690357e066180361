import { useTranslation } from 'react-i18next';
import type { ContentProblem } from '../../../shared/content/problems';

/**
 * A content-rule problem in the admin's language (`admin:problems.*`); under a list field,
 * prefixed with the item's number, counted from 1.
 */
export function useProblemText(): (problem: ContentProblem, field?: string) => string {
  const { t } = useTranslation(['admin', 'adminGenerator']);
  return (problem, field = problem.field) => {
    const message = t(`admin:problems.${problem.code}`, { ...problem.params });
    const item = /^\[(\d+)\]/.exec(problem.field.slice(field.length));
    return item?.[1] === undefined
      ? message
      : t('adminGenerator:review.item', { n: Number(item[1]) + 1, message });
  };
}
