import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Why a result cannot be shown: a field to correct, or a figure too large to print. */
export type ResultProblem = 'invalid' | 'tooLarge' | null;

/** One figure of a result: its name, its value, and what it needs to be read right. */
export interface Figure {
  key: string;
  label: string;
  value: string;
  /** The value is a sentence saying why there is no figure. */
  muted?: boolean;
  note?: string;
}

/** A result's main figures as a description list: each name sits next to its value. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="tools-figures">
      {figures.map((figure) => (
        <div key={figure.key} className="tools-figures__item">
          <dt className="tools-figures__label">{figure.label}</dt>
          <dd
            className={
              figure.muted === true
                ? 'tools-figures__value tools-figures__value--muted'
                : 'tools-figures__value'
            }
          >
            {figure.value}
          </dd>
          {figure.note !== undefined && <dd className="tools-figures__note">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * A calculator's result: the figures, or why there are none, then the convention behind them.
 * The status line is always there so that screen readers announce its changes politely.
 * `actions` is where a result's own buttons go (the PDF export, once it exists); nothing is
 * shown until then.
 */
export function ResultPanel({
  problem,
  convention,
  actions,
  children,
}: {
  problem: ResultProblem;
  convention: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('tools');
  const titleId = useId();
  return (
    <section className="tools-result" aria-labelledby={titleId}>
      <h3 id={titleId} className="tools-result__title">
        {t('result.title')}
      </h3>
      <p className="tools-result__status" role="status">
        {problem === null ? '' : t(problem === 'invalid' ? 'result.invalid' : 'result.tooLarge')}
      </p>
      {problem === null && children}
      <p className="tools-result__convention">{convention}</p>
      {actions !== undefined && <div className="tools-result__actions">{actions}</div>}
    </section>
  );
}
