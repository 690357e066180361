import { Link, useLocation } from 'react-router-dom';
import { authPathFrom } from '../account/returnPath';

/**
 * A quiet invitation for a visitor: everything is open without an account, an account keeps
 * progress and badges. The link opens the sign-up form and comes back here afterwards.
 * `reserved`: shown to nobody yet (the session is still being read) but keeping its place, so
 * that a visitor's page does not shift down when it appears.
 */
export function AccountInvitation({
  text,
  link,
  reserved = false,
}: {
  text: string;
  link: string;
  reserved?: boolean;
}) {
  const { pathname, search } = useLocation();
  return (
    <p
      className={
        reserved ? 'learning-invitation learning-invitation--reserved' : 'learning-invitation'
      }
      aria-hidden={reserved || undefined}
    >
      {text}{' '}
      <Link to={authPathFrom(pathname + search, 'signUp')} className="text-link">
        {link}
      </Link>
    </p>
  );
}
