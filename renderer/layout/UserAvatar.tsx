import { Avatar } from 'antd';
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
    <Avatar src={avatarUrl ?? undefined} className="user-avatar" alt="">
      {avatarInitial(email)}
    </Avatar>
  );
}
