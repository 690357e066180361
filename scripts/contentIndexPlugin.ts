import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Two modules, so that the home page (counts) does not download every term's title.
const TERM_TITLES = 'virtual:term-titles';
const CONTENT_COUNTS = 'virtual:content-counts';
const MODULE_IDS = new Set([TERM_TITLES, CONTENT_COUNTS]);

interface TermFile {
  slug: string;
  translations: Record<string, { title: string }>;
}

/**
 * Serves two modules read from content/ at build time: `virtual:term-titles`, every dictionary
 * term's slug and title per language (so pages link the terms they mention without shipping the
 * terms' texts), and `virtual:content-counts`, how many terms, token sheets and modules the
 * catalogue holds (for the home page).
 */
export function contentIndexPlugin(contentDir: string): Plugin {
  return {
    name: 'blockademia-content-index',
    resolveId(id) {
      return MODULE_IDS.has(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const name = id.startsWith('\0') ? id.slice(1) : undefined;
      if (name === undefined || !MODULE_IDS.has(name)) return undefined;
      const filesIn = (folder: string, suffix: string) => {
        const dir = path.join(contentDir, folder);
        this.addWatchFile(dir);
        return readdirSync(dir)
          .filter((name) => name.endsWith(suffix))
          .sort()
          .map((name) => path.join(dir, name));
      };
      const termTitles: Record<string, [slug: string, title: string][]> = {};
      const termFiles = filesIn('terms', '.json');
      for (const file of termFiles) {
        this.addWatchFile(file);
        const term = JSON.parse(readFileSync(file, 'utf8')) as TermFile;
        for (const [language, text] of Object.entries(term.translations)) {
          (termTitles[language] ??= []).push([term.slug, text.title]);
        }
      }
      const counts = {
        terms: termFiles.length,
        tokens: filesIn('tokens', '.json').length,
        modules: filesIn('learning', '').length,
      };
      return name === TERM_TITLES
        ? `export const termTitles = ${JSON.stringify(termTitles)};`
        : `export const counts = ${JSON.stringify(counts)};`;
    },
  };
}
