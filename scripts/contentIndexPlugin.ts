import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:content-index';
const RESOLVED_ID = `\0${MODULE_ID}`;

interface TermFile {
  slug: string;
  translations: Record<string, { title: string }>;
}

/**
 * Serves `virtual:content-index`, read from content/ at build time: every dictionary term's slug
 * and title per language (so pages link the terms they mention without shipping the terms'
 * texts) and how many terms, token sheets and modules the catalogue holds (for the home page).
 */
export function contentIndexPlugin(contentDir: string): Plugin {
  return {
    name: 'blockademia-content-index',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
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
      return `export const termTitles = ${JSON.stringify(termTitles)};\nexport const counts = ${JSON.stringify(counts)};`;
    },
  };
}
