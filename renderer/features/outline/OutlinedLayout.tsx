import './outline.css';
import { useRef, type ReactNode } from 'react';
import { BackToTop } from './BackToTop';
import type { OutlineItem } from './outlineItem';
import { PageOutline } from './PageOutline';
import { useActiveSection } from './useActiveSection';
import { useSectionInView } from './useSectionInView';

/**
 * A long page laid out for reading: its heading, its outline (beside the text or folded above
 * it), the text, and a way back to the top. Each item's id is the id of a section in `children`.
 */
export function OutlinedLayout({
  head,
  label,
  items,
  children,
}: {
  head: ReactNode;
  label: string;
  items: readonly OutlineItem[];
  children: ReactNode;
}) {
  const pageTop = useRef<HTMLDivElement>(null);
  const ids = items.map((item) => item.id);
  const active = useActiveSection(ids);
  useSectionInView(ids, active);
  return (
    <div className="outlined">
      <div className="outlined__head" ref={pageTop}>
        {head}
      </div>
      <PageOutline label={label} items={items} active={active} />
      <div className="outlined__body">{children}</div>
      <BackToTop pageTop={pageTop} />
    </div>
  );
}
