import type { ReactNode } from 'react';
import { HeadingLink } from './HeadingLink';

/** A section of a long page, named by its heading, which links to the section itself. */
export function LinkedSection({
  id,
  title,
  className = 'content-section',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <HeadingLink section={id}>{title}</HeadingLink>
      </h2>
      {children}
    </section>
  );
}
