import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { lookUpProviderCoin } from './api';

/** Asks the provider, through our provider-coin function, what it knows of an id. */
export function useProviderCheck() {
  const { storage } = useAtomValue(platformAtom);
  return useMutation({
    mutationFn: async (id: string) => lookUpProviderCoin(await requireSupabase(storage), id),
  });
}
