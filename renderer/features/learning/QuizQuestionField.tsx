import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuizOption, QuizQuestion } from './types';

/** One question as a native radio group: arrows move between options, the legend names it. */
export function QuizQuestionField({
  question,
  number,
  total,
  options,
  chosen,
  onChoose,
  firstOptionRef,
}: {
  question: QuizQuestion;
  number: number;
  total: number;
  /** The options in the order shown (shuffled for each attempt). */
  options: readonly QuizOption[];
  chosen: string | undefined;
  onChoose: (key: string) => void;
  firstOptionRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('learning');
  const name = `quiz-question-${question.id}`;
  return (
    <fieldset className="quiz-question">
      <legend className="quiz-question__legend">
        <span className="quiz-question__number">{t('quiz.questionNumber', { number, total })}</span>{' '}
        <span className="quiz-question__prompt">{question.prompt}</span>
      </legend>
      {options.map((option, index) => {
        const id = `${name}-${option.key}`;
        return (
          <div key={option.key} className="quiz-option">
            <input
              ref={index === 0 ? firstOptionRef : undefined}
              type="radio"
              id={id}
              name={name}
              value={option.key}
              checked={chosen === option.key}
              onChange={() => {
                onChoose(option.key);
              }}
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}
