import { useTranslation } from 'react-i18next';
import type { MessageState } from './messageStates';

/** A message's state as a word, new ones stronger, so that colour is never the only sign. */
export function MessageStateTag({ state }: { state: MessageState }) {
  const { t } = useTranslation('adminPeople');
  return (
    <span className={state === 'new' ? 'admin-tag admin-tag--strong' : 'admin-tag'}>
      {t(`messages.states.${state}`)}
    </span>
  );
}
