import { LinkedText } from './LinkedText';
import { useLinkedTexts } from './useLinkedTexts';

/** Paragraphs, or a bulleted list, whose first mention of each dictionary term links to it. */
export function LinkedParagraphs({
  texts,
  list = false,
}: {
  texts: readonly string[];
  list?: boolean;
}) {
  const linked = useLinkedTexts(texts);
  const Item = list ? 'li' : 'p';
  const items = linked.map((segments, index) => (
    <Item key={index}>
      <LinkedText segments={segments} />
    </Item>
  ));
  return list ? <ul>{items}</ul> : <>{items}</>;
}
