// The plain-text part of a mail, derived from its HTML part: hosted Supabase sends the HTML alone,
// the stack adds this text for mail readers that show no HTML. Only the markup the templates of
// supabase/templates/ use is understood: paragraphs of text, `<strong>` and links; a link becomes
// its URL, since the reader has to be able to follow it. Anything else throws, and the stack
// renders every template once at start, so that a template using other markup is refused there.

const TAG = /<(\/?)([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/gi;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export class PlainTextError extends Error {
  override name = 'PlainTextError';
}

function decode(text: string): string {
  if (/[<>]/.test(text)) throw new PlainTextError(`unexpected markup in "${text.trim()}"`);
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const value = ENTITIES[name.toLowerCase()];
    if (value === undefined) throw new PlainTextError(`unknown entity ${entity}`);
    return value;
  });
}

/** Paragraphs separated by a blank line, whitespace inside each collapsed, ending in a newline. */
export function htmlToText(html: string): string {
  const paragraphs: string[] = [];
  let current: string | undefined;
  let link: { href: string } | undefined;
  let position = 0;

  const addText = (raw: string) => {
    if (raw.trim() === '') {
      if (current !== undefined && link === undefined) current += raw;
      return;
    }
    if (current === undefined) {
      throw new PlainTextError(`text outside a paragraph: "${raw.trim()}"`);
    }
    // The link's own words are dropped for its URL.
    if (link === undefined) current += decode(raw);
  };

  for (const match of html.matchAll(TAG)) {
    addText(html.slice(position, match.index));
    position = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const attributes = match[3] ?? '';
    if (name !== 'a' && attributes !== '') {
      throw new PlainTextError(`<${name}> takes no attributes here`);
    }
    if (name === 'p') {
      if (closing === (current === undefined)) {
        throw new PlainTextError(closing ? 'stray </p>' : 'nested <p>');
      }
      if (closing) {
        // HTML's own white space folds, but not the no-break spaces French puts before : ; ! ?
        paragraphs.push((current ?? '').replace(/[ \t\r\n]+/g, ' ').trim());
        current = undefined;
      } else {
        current = '';
      }
    } else if (name === 'a') {
      if (current === undefined) throw new PlainTextError('a link outside a paragraph');
      if (closing) {
        if (link === undefined) throw new PlainTextError('stray </a>');
        current += link.href;
        link = undefined;
      } else {
        const href = /^\s+href="([^"]*)"$/.exec(attributes)?.[1];
        if (href === undefined) throw new PlainTextError('a link needs exactly one href');
        link = { href: decode(href) };
      }
    } else if (name !== 'strong') {
      throw new PlainTextError(`<${closing ? '/' : ''}${name}> is not supported`);
    }
  }
  addText(html.slice(position));
  if (current !== undefined) throw new PlainTextError('unclosed <p>');
  return `${paragraphs.join('\n\n')}\n`;
}
