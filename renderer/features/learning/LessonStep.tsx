import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkedParagraphs } from '../glossary/LinkedParagraphs';
import { paragraphsOf } from './paragraphs';
import type { StepState } from './stepStates';
import type { LessonStep as Step } from './types';
import { useDateFormats } from './useDateFormats';

/**
 * One step of a module: its number, title and state, and a button that shows or hides its text
 * (a disclosure). `children` are the reading actions shown under the text.
 */
export function LessonStep({
  step,
  state,
  showState,
  open,
  onToggle,
  headingRef,
  children,
}: {
  step: Step;
  state: StepState;
  /** False while the learner's record is not known yet. */
  showState: boolean;
  open: boolean;
  onToggle: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const formats = useDateFormats();
  const titleId = `lesson-step-${step.position}-title`;
  const bodyId = `lesson-step-${step.position}-body`;
  const done = state.completedAt !== null;
  return (
    <li className={done ? 'lesson-step lesson-step--done' : 'lesson-step'}>
      <div className="lesson-step__header">
        <div className="lesson-step__heading">
          <p className="lesson-step__number">
            {done && (
              <span className="lesson-step__check" aria-hidden="true">
                ✓
              </span>
            )}
            {t('module.stepNumber', { position: step.position })}
          </p>
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="lesson-step__title">
            {step.title}
          </h3>
          {showState && (
            <p className="lesson-step__state">
              {state.completedAt !== null ? (
                <time dateTime={state.completedAt}>
                  {t('module.completedAt', { time: formats.moment(state.completedAt) })}
                </time>
              ) : (
                t('module.notCompleted')
              )}
            </p>
          )}
        </div>
        <button
          type="button"
          className={
            state.action === 'start' || state.action === 'continue'
              ? 'button-link button-link--primary lesson-step__toggle'
              : 'button-link lesson-step__toggle'
          }
          aria-expanded={open}
          aria-controls={bodyId}
          aria-describedby={titleId}
          onClick={onToggle}
        >
          {t(`module.actions.${state.action}`)}
        </button>
      </div>
      <div id={bodyId} className="lesson-step__body" hidden={!open}>
        {open && (
          <>
            <div className="lesson-step__text">
              <LinkedParagraphs texts={paragraphsOf(step.body)} />
            </div>
            {children}
          </>
        )}
      </div>
    </li>
  );
}
