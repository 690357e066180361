import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { type Backend, requireSupabase } from '../../session/supabaseClient';
import { type AuthProblem, classifyAuthError } from './authProblem';

export type ActionState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'busy' }
  | { readonly phase: 'done' }
  /** `problem` says it in the forms' terms; `error` is what was thrown, for a form's own cases. */
  | { readonly phase: 'failed'; readonly problem: AuthProblem; readonly error: unknown };

/**
 * Runs one account or profile request at a time and keeps where it stands. `run` resolves with whether it
 * succeeded and never rejects: a failure is a state the form shows, next to what was typed.
 */
export function useAccountAction(): {
  state: ActionState;
  run: (request: (client: Backend) => Promise<unknown>) => Promise<boolean>;
  reset: () => void;
} {
  const { storage } = useAtomValue(platformAtom);
  const [state, setState] = useState<ActionState>({ phase: 'idle' });
  const run = useCallback(
    async (request: (client: Backend) => Promise<unknown>) => {
      setState({ phase: 'busy' });
      try {
        await request(await requireSupabase(storage));
        setState({ phase: 'done' });
        return true;
      } catch (error) {
        setState({ phase: 'failed', problem: classifyAuthError(error), error });
        return false;
      }
    },
    [storage],
  );
  const reset = useCallback(() => {
    setState({ phase: 'idle' });
  }, []);
  return { state, run, reset };
}
