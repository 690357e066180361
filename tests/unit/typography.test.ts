import { describe, expect, it } from 'vitest';
import { contentTexts, type ContentLanguage } from './contentTexts';
import { stringsOf } from './englishLeftovers';

// French and Spanish punctuation as a careful typesetter sets it, in every text of the product:
// the interface's locales, the content loaded into the database and the mails. In French a
// narrow no-break space (U+202F) comes before : ; ! ? and inside « », so no punctuation mark
// ever starts a line; Spanish sets none, and opens each question and exclamation with ¿ and ¡.

const NARROW = '\u202f';

const locales = import.meta.glob<unknown>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const mails = import.meta.glob<string>('../../supabase/templates/*.html', {
  eager: true,
  query: '?raw',
  import: 'default',
});

interface Text {
  where: string;
  language: ContentLanguage;
  text: string;
}

const texts: Text[] = [
  ...Object.entries(locales).flatMap(([file, tree]) => {
    const language = /locales\/(fr|en|es)\//u.exec(file)?.[1] as ContentLanguage;
    return stringsOf(tree).map(([path, text]) => ({ where: `${file} ${path}`, language, text }));
  }),
  ...contentTexts.flatMap(({ file, path, language, text }) =>
    language === undefined ? [] : [{ where: `${file} ${path}`, language, text }],
  ),
];

/** Each place in `text` that breaks a rule, with a few characters around it. */
function breaches(text: string, rule: RegExp): string[] {
  return [...text.matchAll(rule)].map((match) =>
    text.slice(Math.max(0, match.index - 15), match.index + 5),
  );
}

function problems(language: ContentLanguage, rules: RegExp[]): string[] {
  return texts
    .filter((text) => text.language === language)
    .flatMap(({ where, text }) =>
      rules.flatMap((rule) => breaches(text, rule).map((excerpt) => `${where}: «${excerpt}»`)),
    );
}

describe('French typography', () => {
  it('sets a narrow no-break space before : ; ! ? and », after «, and no other space there', () => {
    expect(
      problems('fr', [
        // A breaking or a wide space before the mark, or inside the quotes.
        /[ \u00a0](?=[:;!?»])|«[ \u00a0]/gu,
        // A quote whose inner space is missing.
        /«(?=[^\u202f])|(?<=[^\u202f])»/gu,
        // ; ! ? straight after a word (a colon may follow one: "https:", "10:30", a quoted title).
        /(?<=[\p{L}\p{N})\]])[;!?](?=\s|$)/gu,
      ]),
    ).toEqual([]);
  });

  it('holds in the mails as well', () => {
    const found = Object.entries(mails).flatMap(([file, html]) =>
      breaches(html, /[ \u00a0](?=[:;!?])/gu).map((excerpt) => `${file}: «${excerpt}»`),
    );
    expect(found).toEqual([]);
    expect(Object.values(mails).join('')).toContain(`${NARROW}:`);
  });
});

describe('Spanish typography', () => {
  it('sets no space before : ; ! ? and », nor after «', () => {
    expect(problems('es', [/[ \u00a0\u202f](?=[:;!?»])|«[ \u00a0\u202f]/gu])).toEqual([]);
  });

  it('opens every question with ¿ and every exclamation with ¡', () => {
    const unbalanced = texts
      .filter(({ language }) => language === 'es')
      .filter(
        ({ text }) =>
          text.split('¿').length !== text.split('?').length ||
          text.split('¡').length !== text.split('!').length,
      )
      .map(({ where, text }) => `${where}: ${text.slice(0, 60)}`);
    expect(unbalanced).toEqual([]);
  });
});
