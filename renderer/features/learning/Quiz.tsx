import { useRef, useState, type Ref, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import type { ModuleRecord } from './moduleRecord';
import { QuizQuestionField } from './QuizQuestionField';
import { QuizResultPanel } from './QuizResultPanel';
import { inOrder, reordered, shuffledOrders } from './shuffle';
import type { ModuleDetail, QuizResult } from './types';
import { useGradeQuiz } from './useGradeQuiz';
import type { Learner } from './useModuleRecords';

type Phase = 'closed' | 'answering' | 'graded';

// Orders are kept as option keys, so that the labels follow a change of language and the key
// submitted is always the stored one.
type OptionOrders = ReadonlyMap<string, readonly string[]>;

/**
 * The module's quiz: its attempts so far, then every question as a radio group, graded by the
 * server. The options come in a random order on every attempt, so that the right answer's place
 * says nothing; a retry gives each question an order other than the last. A failed request keeps
 * the answers; a retry clears them.
 */
export function Quiz({
  module,
  record,
  learner,
  headingRef,
}: {
  module: ModuleDetail;
  record: ModuleRecord | null;
  learner: Learner;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation(['learning', 'common']);
  const [phase, setPhase] = useState<Phase>('closed');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [orders, setOrders] = useState<OptionOrders>(() => shuffledOrders(module.questions));
  const [result, setResult] = useState<QuizResult | null>(null);
  const [unanswered, setUnanswered] = useState(0);
  const firstOptions = useRef(new Map<string, HTMLInputElement>());
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const grade = useGradeQuiz(module.id, module.steps.length);
  const total = module.questions.length;

  // On start, retry and an incomplete submission, the focus goes to the first question
  // without an answer; after grading, to the result's heading. flushSync renders first, so that
  // what takes the focus is in the page.
  const focusFirstUnanswered = (current: Record<string, string>) => {
    const first = module.questions.find((question) => current[question.id] === undefined);
    if (first) firstOptions.current.get(first.id)?.focus();
  };

  const start = () => {
    flushSync(() => {
      setPhase('answering');
    });
    focusFirstUnanswered(answers);
  };
  const retry = () => {
    setOrders(
      (previous) => new Map([...previous].map(([id, keys]) => [id, reordered(keys)] as const)),
    );
    grade.reset();
    flushSync(() => {
      setAnswers({});
      setResult(null);
      setUnanswered(0);
      setPhase('answering');
    });
    focusFirstUnanswered({});
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (grade.isPending) return;
    const missing = module.questions.filter((question) => answers[question.id] === undefined);
    setUnanswered(missing.length);
    if (missing.length > 0) {
      focusFirstUnanswered(answers);
      return;
    }
    grade.mutate(answers, {
      onSuccess: (graded) => {
        flushSync(() => {
          setResult(graded);
          setPhase('graded');
        });
        resultHeading.current?.focus();
      },
    });
  };

  return (
    <section className="content-section quiz" aria-labelledby="quiz-title">
      <h2 id="quiz-title" ref={headingRef} tabIndex={-1}>
        {t('quiz.title')}
      </h2>
      <p>{t('quiz.intro', { count: total })}</p>
      {record && (
        <p className="quiz__record">
          {record.attempts === 0
            ? t('quiz.noAttempt')
            : t('quiz.attempts', { count: record.attempts })}{' '}
          ·{' '}
          <span className={record.quizPassed ? 'quiz__passed' : undefined}>
            {record.quizPassed ? t('quiz.passed') : t('quiz.notPassed')}
          </span>
        </p>
      )}
      {phase === 'closed' && (
        <button type="button" className="button-link button-link--primary" onClick={start}>
          {t('quiz.start')}
        </button>
      )}
      {phase === 'answering' && (
        <form className="quiz__form" onSubmit={submit} noValidate>
          {module.questions.map((question, index) => (
            <QuizQuestionField
              key={question.id}
              question={question}
              number={index + 1}
              total={total}
              options={inOrder(question.options, orders.get(question.id))}
              chosen={answers[question.id]}
              onChoose={(key) => {
                setAnswers((previous) => ({ ...previous, [question.id]: key }));
              }}
              firstOptionRef={(element) => {
                if (element) firstOptions.current.set(question.id, element);
                else firstOptions.current.delete(question.id);
              }}
            />
          ))}
          <div className="quiz__actions">
            <button
              type="submit"
              className="button-link button-link--primary"
              aria-disabled={grade.isPending || undefined}
            >
              {t('quiz.submit')}
            </button>
            <ActionStatus
              progress={grade.isPending ? t('quiz.submitting') : null}
              failure={
                grade.isError ? (
                  <p>{t('common:messages.validationError')}</p>
                ) : unanswered > 0 ? (
                  <p>{t('quiz.unanswered', { count: unanswered })}</p>
                ) : null
              }
            />
          </div>
        </form>
      )}
      {phase === 'graded' && result && (
        <QuizResultPanel
          result={result}
          questions={module.questions}
          learner={learner}
          headingRef={resultHeading}
          onRetry={retry}
        />
      )}
    </section>
  );
}
