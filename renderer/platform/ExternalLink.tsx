import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { platformAtom } from './platformAtom';

/**
 * A link that leaves Blockademia: a new tab on the web, the system browser on the desktop,
 * through the platform adapter. It stays a real link (href, middle click, copy address).
 */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const platform = useAtomValue(platformAtom);
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        void platform.openExternal(href).catch(() => undefined);
      }}
    >
      {children}
    </a>
  );
}
