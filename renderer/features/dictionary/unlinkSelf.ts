import type { TextSegment } from '../glossary/linkTerms';

/** The segments with links to `slug` turned back into text: a page does not link to itself. */
export function unlinkSelf(segments: readonly TextSegment[], slug: string): TextSegment[] {
  return segments.map((segment) => (segment.slug === slug ? { text: segment.text } : segment));
}
