import { useAtomValue } from 'jotai';
import { avatarUrlAtom } from '../session/accountAtoms';

/** The first letter of the email, uppercased, or 'U'; the profile picture once it is known. */
export function avatarInitial(email: string | null): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

export function UserAvatar({ email }: { email: string | null }) {
  const avatarUrl = useAtomValue(avatarUrlAtom);
  return (
    <span className="user-avatar" aria-hidden="true">
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className="user-avatar__image" />
      ) : (
        avatarInitial(email)
      )}
    </span>
  );
}
