import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchDrafts, fetchGeneratorStatus, fetchTokenChoices } from './api';

export const generatorKeys = {
  all: ['adminGenerator'] as const,
  status: ['adminGenerator', 'status'] as const,
  drafts: ['adminGenerator', 'drafts'] as const,
  tokens: ['adminGenerator', 'tokens'] as const,
};

export function useGeneratorStatus() {
  return useBackendQuery(generatorKeys.status, fetchGeneratorStatus);
}

export function useDrafts() {
  return useBackendQuery(generatorKeys.drafts, fetchDrafts);
}

export function useTokenChoices() {
  return useBackendQuery(generatorKeys.tokens, fetchTokenChoices);
}
