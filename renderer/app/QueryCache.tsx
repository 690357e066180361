import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';

/**
 * Gives its children the app's query cache. Only what reads the backend is wrapped in it (the
 * router's data routes, the home page's market widget), so TanStack Query downloads with the
 * first such page and stays out of the start-up bundle. Every wrapper shares the same cache.
 */
export default function QueryCache({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
