import { useEffect, useState } from 'react';

// The reading line: a section is "where the reader is" while it crosses the band between the
// sticky bars at the top and the middle of the screen. Of several, the first one wins.
const READING_BAND = '-120px 0px -50% 0px';

/**
 * The id of the section the reader is in, among the given ids in page order; the last one
 * found while the reader is between sections, undefined above the first.
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(' ');
  useEffect(() => {
    const order = key.split(' ');
    const crossing = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) crossing.add(entry.target.id);
          else crossing.delete(entry.target.id);
        }
        const first = order.find((id) => crossing.has(id));
        if (first !== undefined) setActive(first);
      },
      { rootMargin: READING_BAND },
    );
    for (const id of order) {
      const section = document.getElementById(id);
      if (section) observer.observe(section);
    }
    return () => {
      observer.disconnect();
    };
  }, [key]);
  return active;
}
