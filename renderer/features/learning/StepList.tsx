import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { EMPTY_RECORD, type ModuleRecord } from './moduleRecord';
import { LessonStep } from './LessonStep';
import { stepStates } from './stepStates';
import type { ModuleDetail } from './types';
import { useCompleteStep } from './useCompleteStep';
import type { Learner } from './useModuleRecords';

/**
 * The module's steps in order. One step is open at a time; "Mark as done" records it (or keeps it
 * for the visit), then offers the next step or the quiz.
 */
export function StepList({
  module,
  record,
  learner,
  onGoToQuiz,
}: {
  module: ModuleDetail;
  record: ModuleRecord | null;
  learner: Learner;
  onGoToQuiz: () => void;
}) {
  const { t } = useTranslation('learning');
  const [openPosition, setOpenPosition] = useState<number | null>(null);
  const [justDone, setJustDone] = useState<number | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const afterDone = useRef<HTMLButtonElement>(null);
  const complete = useCompleteStep(module.id, module.steps.length);
  const states = stepStates(
    module.steps.map((step) => step.position),
    record ?? EMPTY_RECORD,
  );

  // The "Mark as done" button goes away once the step is done: the focus moves on to what
  // comes next instead of falling back to the top of the page.
  useEffect(() => {
    if (justDone !== null) afterDone.current?.focus();
  }, [justDone]);

  const toggle = (position: number) => {
    setJustDone(null);
    complete.reset();
    setOpenPosition((open) => (open === position ? null : position));
  };
  const markDone = (position: number) => {
    if (complete.isPending) return;
    complete.mutate(position, {
      onSuccess: () => {
        setJustDone(position);
      },
    });
  };
  // "Next step" opens it and moves the focus to its title, so reading goes on from there.
  const openNext = (position: number) => {
    complete.reset();
    flushSync(() => {
      setJustDone(null);
      setOpenPosition(position);
    });
    headings.current.get(position)?.focus();
  };

  return (
    <ol className="lesson-steps">
      {module.steps.map((step, index) => {
        const state = states[index];
        if (!state) return null;
        const next = module.steps[index + 1];
        const saving = complete.isPending && complete.variables === step.position;
        const failed = complete.isError && complete.variables === step.position;
        return (
          <LessonStep
            key={step.position}
            step={step}
            state={state}
            showState={record !== null}
            open={openPosition === step.position}
            onToggle={() => {
              toggle(step.position);
            }}
            headingRef={(element) => {
              if (element) headings.current.set(step.position, element);
              else headings.current.delete(step.position);
            }}
          >
            <div className="lesson-step__actions">
              {state.completedAt === null && (
                <button
                  type="button"
                  className="button-link button-link--primary"
                  aria-disabled={saving || learner === 'unknown' || undefined}
                  onClick={() => {
                    if (learner !== 'unknown') markDone(step.position);
                  }}
                >
                  {t('module.markDone')}
                </button>
              )}
              {(state.completedAt !== null || justDone === step.position) &&
                (next ? (
                  <button
                    ref={afterDone}
                    type="button"
                    className="button-link"
                    onClick={() => {
                      openNext(next.position);
                    }}
                  >
                    {t('module.nextStep')}
                  </button>
                ) : (
                  <button
                    ref={afterDone}
                    type="button"
                    className="button-link"
                    onClick={onGoToQuiz}
                  >
                    {t('module.toQuiz')}
                  </button>
                ))}
            </div>
            <ActionStatus
              progress={saving ? t('module.saving') : null}
              success={justDone === step.position ? <p>{t('module.saved')}</p> : null}
              failure={failed ? <p>{t('module.saveError')}</p> : null}
            />
          </LessonStep>
        );
      })}
    </ol>
  );
}
