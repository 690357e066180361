import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeMedal } from './BadgeMedal';
import type { QuizQuestion, QuizResult } from './types';
import type { Learner } from './useModuleRecords';

/**
 * A graded attempt: passed, or the score with the 100% rule; the explanation of each chosen
 * answer; the badge held when signed in. Its heading takes the focus when it appears.
 */
export function QuizResultPanel({
  result,
  questions,
  learner,
  headingRef,
  onRetry,
}: {
  result: QuizResult;
  questions: readonly QuizQuestion[];
  learner: Learner;
  headingRef: Ref<HTMLHeadingElement>;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['learning', 'common']);
  const headingId = 'quiz-result-title';
  return (
    <section
      className={result.passed ? 'quiz-result quiz-result--passed' : 'quiz-result'}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('quiz.resultTitle')}
      </h3>
      <p className="quiz-result__verdict">
        {result.passed
          ? t('quiz.passedMessage')
          : t('common:messages.quizFailed', { correct: result.correct, total: result.total })}
      </p>
      {result.passed &&
        learner === 'signedIn' &&
        (result.badge ? (
          <p className="quiz-result__badge">
            <BadgeMedal tier={result.badge} />
            {t(`quiz.badgeEarned.${result.badge}`)}
          </p>
        ) : (
          <p>{t('quiz.badgePending')}</p>
        ))}
      {result.passed && learner === 'visitor' && <p>{t('quiz.visitorPassed')}</p>}
      <h4>{t('quiz.explanationsTitle')}</h4>
      <ol className="quiz-explanations">
        {questions.map((question) => {
          const graded = result.questions.find((entry) => entry.questionId === question.id);
          const chosen = question.options.find((option) => option.key === graded?.chosen);
          return (
            <li key={question.id}>
              <p className="quiz-explanations__prompt">{question.prompt}</p>
              <p>{t('quiz.yourAnswer', { answer: chosen ? chosen.label : t('quiz.noAnswer') })}</p>
              {graded?.explanation && (
                <p className="quiz-explanations__text">{graded.explanation}</p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="quiz-result__actions">
        <button type="button" className="button-link button-link--primary" onClick={onRetry}>
          {result.passed ? t('quiz.again') : t('quiz.retry')}
        </button>
        <p className="quiz-result__hint">{t('quiz.retryHint')}</p>
      </div>
    </section>
  );
}
