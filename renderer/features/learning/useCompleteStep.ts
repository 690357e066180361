import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { completeStep } from './api';
import { learningKeys } from './hooks';
import { visitorProgressAtom, visitorRecord, withStepDone } from './visitorProgress';

/**
 * Marks a step as done: recorded by complete_step for a signed-in learner (resolving once the
 * progress shown is the server's), kept in this visit's memory for a visitor.
 */
export function useCompleteStep(moduleId: string, stepCount: number) {
  const user = useAtomValue(currentUserAtom);
  const { storage } = useAtomValue(platformAtom);
  const setVisitorProgress = useSetAtom(visitorProgressAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (position: number) => {
      if (!user) {
        setVisitorProgress((progress) =>
          new Map(progress).set(
            moduleId,
            withStepDone(visitorRecord(progress, moduleId), position, stepCount, new Date()),
          ),
        );
        return;
      }
      await completeStep(await requireSupabase(storage), moduleId, position);
      await queryClient.invalidateQueries({ queryKey: learningKeys.progressOf(user.id) });
    },
  });
}
