import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { currentUserAtom, sessionAtom } from '../../session/sessionAtoms';
import { useLearnerProgress } from './hooks';
import { recordFromProgress, type ModuleRecord } from './moduleRecord';
import { visitorProgressAtom, visitorRecord } from './visitorProgress';

/** Who is learning: not known until the session is read, so a learner never sees a visitor's page. */
export type Learner = 'unknown' | 'visitor' | 'signedIn';

export interface ModuleRecords {
  learner: Learner;
  /** A module's record, or null while it is not known yet (session or progress loading). */
  recordOf: (moduleId: string) => ModuleRecord | null;
}

/** The records of whoever is here: the account's, or this visit's. */
export function useModuleRecords(): ModuleRecords {
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const visitor = useAtomValue(visitorProgressAtom);
  const progress = useLearnerProgress();
  const learner: Learner = session.status === 'loading' ? 'unknown' : user ? 'signedIn' : 'visitor';
  const { data } = progress;
  const recordOf = useCallback(
    (moduleId: string): ModuleRecord | null => {
      if (learner === 'visitor') return visitorRecord(visitor, moduleId);
      if (learner === 'signedIn' && data) return recordFromProgress(data, moduleId);
      return null;
    },
    [learner, visitor, data],
  );
  return { learner, recordOf };
}
