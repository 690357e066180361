import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../../renderer/i18n/languages';
import { PAGE_KEYS } from '../../renderer/app/routeTable';
import { looksEnglish } from './englishLeftovers';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function load(language: string, namespace: string): Tree {
  const tree = files[`../../renderer/i18n/locales/${language}/${namespace}.json`];
  if (!tree) throw new Error(`No locale file ${language}/${namespace}`);
  return tree;
}

function namespacesOf(language: string): string[] {
  const prefix = `../../renderer/i18n/locales/${language}/`;
  return Object.keys(files)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length).replace(/\.json$/, ''));
}

/** Every leaf as `path -> value`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
  }
  return leaves;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has exactly the declared namespaces in every language', () => {
    for (const language of LANGUAGES) {
      expect(namespacesOf(language).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: same keys, same placeholders, no empty text in fr, en and es`, () => {
      const reference = flatten(load('fr', namespace));
      for (const language of LANGUAGES) {
        const leaves = flatten(load(language, namespace));
        expect([...leaves.keys()].sort(), `${language}/${namespace} keys`).toEqual(
          [...reference.keys()].sort(),
        );
        for (const [key, text] of leaves) {
          expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
          // Upper case only: 'todo' is an ordinary Spanish word.
          expect(text, `${language}/${namespace}:${key}`).not.toMatch(
            /\b(TODO|TBD|FIXME)\b|[Ll]orem ipsum/,
          );
          expect(placeholders(text), `${language}/${namespace}:${key} placeholders`).toEqual(
            placeholders(reference.get(key) ?? ''),
          );
        }
      }
    });
  }

  it('names every page in every language', () => {
    for (const language of LANGUAGES) {
      const pages = flatten(load(language, 'pages'));
      for (const page of PAGE_KEYS) {
        expect(pages.get(`${page}.title`), `${language} ${page}.title`).toBeTruthy();
        expect(pages.get(`${page}.intro`), `${language} ${page}.intro`).toBeTruthy();
      }
    }
  });

  it('keeps the fixed wording of the product messages', () => {
    expect(flatten(load('en', 'common')).get('notFound.title')).toBe('Page Not Found');
    const english = flatten(load('en', 'common'));
    expect(english.get('messages.quizFailed')).toBe(
      'You need 100% correct answers to pass ({{correct}}/{{total}})',
    );
    expect(english.get('messages.imageTooLarge')).toBe('Image too large (max 2MB)');
    expect(english.get('messages.credentialsRequired')).toBe(
      'You must provide either an email or phone number and a password',
    );
    expect(english.get('messages.sendError')).toBe('Error sending message');
    expect(english.get('messages.emailSent')).toBe('Email sent! Check your inbox.');
    expect(flatten(load('en', 'common')).get('routeError.title')).toBe(
      'Unexpected Application Error!',
    );
    expect(flatten(load('fr', 'common')).get('toast.logoutSuccess')).toBe('Déconnexion réussie');
    expect(flatten(load('en', 'common')).get('toast.logoutSuccess')).toBe('Logout successful');
    expect(flatten(load('es', 'common')).get('toast.logoutSuccess')).toBe(
      'Cierre de sesión exitoso',
    );
  });

  it('does not leave English text in the French and Spanish files', () => {
    for (const language of ['fr', 'es']) {
      for (const namespace of NAMESPACES) {
        const leftovers = [...flatten(load(language, namespace))].filter(([, text]) =>
          looksEnglish(text),
        );
        expect(leftovers, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it('does not leave French text in the English and Spanish files', () => {
    for (const namespace of NAMESPACES) {
      const french = flatten(load('fr', namespace));
      for (const language of ['en', 'es']) {
        const leaves = flatten(load(language, namespace));
        const sameAsFrench = [...leaves].filter(
          ([key, text]) => text === french.get(key) && text.split(' ').length > 2,
        );
        expect(sameAsFrench, `${language}/${namespace} copies French sentences`).toEqual([]);
      }
    }
  });
});
