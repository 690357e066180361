import { stringsOf } from './englishLeftovers';

// Every text of content/ as the content style tests read it (content-consistency, terminology,
// spanish-style): each string of the terms, the token sheets and the learning modules, with its
// file, its JSON path and, when it is a translation, its language.

export type ContentLanguage = 'fr' | 'en' | 'es';

export interface ContentText {
  /** Relative to content/, e.g. `terms/slippage.json`. */
  file: string;
  path: string;
  language: ContentLanguage | undefined;
  text: string;
}

const files = import.meta.glob<unknown>(
  [
    '../../content/terms/*.json',
    '../../content/tokens/*.json',
    '../../content/learning/*/module.json',
  ],
  { eager: true, import: 'default' },
);

const LANGUAGE_IN_PATH = /(?:^|\.)translations\.(fr|en|es)(?:\.|\[|$)/u;

export const contentTexts: readonly ContentText[] = Object.entries(files).flatMap(
  ([file, content]) =>
    stringsOf(content).map(([path, text]) => ({
      file: file.replace('../../content/', ''),
      path,
      language: LANGUAGE_IN_PATH.exec(path)?.[1] as ContentLanguage | undefined,
      text,
    })),
);

/** The sentences of a text: a sentence ends at . ! ? … or ; before a space, or at a line break. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…;])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
