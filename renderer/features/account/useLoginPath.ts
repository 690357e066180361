import { useLocation } from 'react-router-dom';
import { authPathFrom } from './returnPath';

/** The sign-in address that brings the person back to the page they are on. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  // On /auth itself, the way back is the one it already holds.
  if (pathname === '/auth') return authPathFrom(new URLSearchParams(search).get('next') ?? '/');
  return authPathFrom(pathname + search);
}
