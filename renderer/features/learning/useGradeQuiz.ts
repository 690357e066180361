import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { useReaderLanguage } from '../tools/useReaderLanguage';
import { checkQuiz, submitQuiz } from './api';
import { learningKeys } from './hooks';
import { visitorProgressAtom, visitorRecord, withQuizAttempt } from './visitorProgress';

/**
 * Grades answers in the page's language: submit_quiz records a signed-in learner's attempt
 * (and maybe their badge); check_quiz grades a visitor's and records nothing, the attempt being
 * counted in this visit's memory only.
 */
export function useGradeQuiz(moduleId: string, stepCount: number) {
  const user = useAtomValue(currentUserAtom);
  const { storage } = useAtomValue(platformAtom);
  const language = useReaderLanguage();
  const setVisitorProgress = useSetAtom(visitorProgressAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Record<string, string>) => {
      const client = await requireSupabase(storage);
      const submission = { moduleId, answers, language };
      if (!user) {
        const result = await checkQuiz(client, submission);
        setVisitorProgress((progress) =>
          new Map(progress).set(
            moduleId,
            withQuizAttempt(visitorRecord(progress, moduleId), result.passed, stepCount),
          ),
        );
        return result;
      }
      const result = await submitQuiz(client, submission);
      await queryClient.invalidateQueries({ queryKey: learningKeys.progressOf(user.id) });
      return result;
    },
  });
}
