import { Link, useLocation } from 'react-router-dom';
import { authPathFrom } from '../account/returnPath';

/**
 * A quiet invitation for a visitor: everything is open without an account, an account keeps
 * progress and badges. The link opens the sign-up form and comes back here afterwards.
 */
export function AccountInvitation({ text, link }: { text: string; link: string }) {
  const { pathname, search } = useLocation();
  return (
    <p className="learning-invitation">
      {text}{' '}
      <Link to={authPathFrom(pathname + search, 'signUp')} className="text-link">
        {link}
      </Link>
    </p>
  );
}
