import { Link } from 'react-router-dom';
import type { TextSegment } from './linkTerms';

/** Text whose dictionary terms link to their page. */
export function LinkedText({ segments }: { segments: readonly TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.slug ? (
          <Link key={index} to={`/dictionary/${segment.slug}`} className="term-link">
            {segment.text}
          </Link>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
