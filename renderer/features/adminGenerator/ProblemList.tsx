import type { ContentProblem } from '../../../shared/content/problems';
import { useProblemText } from './useProblemText';

/** Problems that belong to no single input: each with the field it names, then what is wrong. */
export function ProblemList({ problems }: { problems: readonly ContentProblem[] }) {
  const describe = useProblemText();
  if (problems.length === 0) return null;
  return (
    <ul className="generator-problems">
      {problems.map((problem, index) => (
        <li key={`${problem.field}-${problem.code}-${String(index)}`}>
          {problem.field !== '' && <code>{problem.field}</code>} {describe(problem, '')}
        </li>
      ))}
    </ul>
  );
}
