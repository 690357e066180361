import { useAtomValue } from 'jotai';
import { useBackendQuery } from '../../app/useBackendQuery';
import type { Language } from '../../i18n/languages';
import { currentUserAtom } from '../../session/sessionAtoms';
import { useReaderLanguage } from '../tools/useReaderLanguage';
import { fetchLearnerProgress, fetchModule, fetchModuleList } from './api';

// Every key starts with 'learning'; a learner's progress is keyed by their id, so that another
// account signing in on the same device never sees the previous one's.
export const learningKeys = {
  list: (language: Language) => ['learning', 'list', language] as const,
  module: (slug: string, language: Language) => ['learning', 'module', slug, language] as const,
  /** Every language's copy of a learner's progress: what a recorded change invalidates. */
  progressOf: (userId: string) => ['learning', 'progress', userId] as const,
  progress: (userId: string, language: Language) =>
    [...learningKeys.progressOf(userId), language] as const,
};

export function useModuleList() {
  const language = useReaderLanguage();
  return useBackendQuery(learningKeys.list(language), (client) =>
    fetchModuleList(client, language),
  );
}

export function useModule(slug: string) {
  const language = useReaderLanguage();
  return useBackendQuery(learningKeys.module(slug, language), (client) =>
    fetchModule(client, slug, language),
  );
}

/** The signed-in learner's progress; disabled (never fetched) for a visitor. */
export function useLearnerProgress() {
  const language = useReaderLanguage();
  const user = useAtomValue(currentUserAtom);
  return useBackendQuery(
    learningKeys.progress(user?.id ?? '', language),
    (client) => fetchLearnerProgress(client, language),
    { enabled: user !== null },
  );
}
