import { LinkOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { HiddenIcon } from '../../layout/HiddenIcon';

/**
 * A section heading's text as a link to the section itself, so that any heading gives the
 * address to share; the heading keeps its plain name for assistive technology.
 */
export function HeadingLink({ section, children }: { section: string; children: ReactNode }) {
  return (
    <a className="heading-link" href={`#${section}`}>
      {children}
      <HiddenIcon icon={LinkOutlined} className="heading-link__icon" />
    </a>
  );
}
