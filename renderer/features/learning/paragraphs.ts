/**
 * A step body's paragraphs: content bodies are plain text, paragraphs separated by a blank line
 * (content/README.md). React renders each as text, so nothing in a body becomes markup.
 */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}
