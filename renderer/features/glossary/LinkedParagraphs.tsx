import { LinkedText } from './LinkedText';
import { useLinkedTexts } from './useLinkedTexts';

/** Paragraphs, or list items, whose first mention of each dictionary term links to it. */
export function LinkedParagraphs({
  texts,
  as = 'p',
}: {
  texts: readonly string[];
  as?: 'p' | 'li';
}) {
  const linked = useLinkedTexts(texts);
  const Tag = as;
  return (
    <>
      {linked.map((segments, index) => (
        <Tag key={index}>
          <LinkedText segments={segments} />
        </Tag>
      ))}
    </>
  );
}
