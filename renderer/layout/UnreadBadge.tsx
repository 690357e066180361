import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { unreadMessagesAtom } from '../session/unreadMessagesAtoms';

/**
 * The number of unread contact messages next to an admin link; nothing when there are none.
 * Admins only: the frame loads it lazily (AdminLinkBadge), so visitors never download it.
 */
export default function UnreadBadge() {
  const { t } = useTranslation('admin');
  const count = useAtomValue(unreadMessagesAtom);
  if (!count) return null;
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('unreadMessages', { count })}</span>
    </span>
  );
}
