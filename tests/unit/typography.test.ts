import { describe, expect, it } from 'vitest';
import { contentTexts, sentencesOf } from './contentTexts';
import { stringsOf } from './englishLeftovers';

// French and Spanish punctuation as a careful typesetter sets it, in every French and Spanish text
// a person reads: the interface's locales, the content loaded into the database (terms, token
// sheets, learning modules), the account mails and their subjects, the local mailbox page and the
// page's description.
// - French: a narrow no-break space (U+202F), and no other space, before : ; ! ? and inside « »,
//   so no punctuation mark ever starts a line. A run such as ?! or ?.. takes one space before it.
// - Spanish: no space before : ; ! ? » nor after « ¿ ¡; each question opens with ¿ and each
//   exclamation with ¡ in the same sentence, and each ¿ and ¡ is closed there.
// Each failure names the file, the JSON path (or the mail's language) and shows the place.
// content/terminology/ is not read: it is the writers' vocabulary, read by tests, never shown.

type Language = 'fr' | 'es';

interface Text {
  /** Relative to the repository. */
  file: string;
  /** The JSON path, or where in the file the text is. */
  path: string;
  language: Language;
  text: string;
}

const NARROW = '\u202f';

// --- What is not prose --------------------------------------------------------------------

/**
 * Spans the rules do not read, because their punctuation is not the sentence's. Each is masked
 * by as many letters, so a mark right after it counts as following a word: `{{count}} :` is
 * flagged and `{{count}}\u202f:` is right.
 */
const NOT_PROSE: readonly RegExp[] = [
  // A URL: its scheme's colon, its query's ? and & ("https://" alone in "commence par https://").
  /\b(?:https?|wss?|ftp):\/\/(?:[^\s«»<>"“”]*[^\s«»<>"“”.,;:!?)])?/gu,
  /\bmailto:[^\s«»<>"“”]*[^\s«»<>"“”.,;:!?)]/gu,
  // i18next interpolation ({{count}}), nesting ($t(ns:key), whose key may hold a colon), and the
  // mails' Go template fields ({{ .Token }}).
  /\{\{[^{}]*\}\}/gu,
  /\$t\([^()]*\)/gu,
  // Times and ratios: 10:30, 1:1, 16:9.
  /\d:\d/gu,
  // Code: a C++ or Rust path (a::b), a comparison (!=, !==).
  /::|!==?/gu,
];

/**
 * Quoted text set as written rather than as French, kept short: each entry says where it occurs
 * and why, and a test below fails once an entry is no longer used.
 */
const AS_WRITTEN: readonly string[] = [
  // English titles, quoted in the original: Beeple's work (content/terms/nft.json) and Satoshi
  // Nakamoto's white paper (content/tokens/bitcoin.json).
  'Everydays: The First 5000 Days',
  'Bitcoin: A Peer-to-Peer Electronic Cash System',
  // Address prefixes (URI schemes) the reader compares character for character
  // (content/tokens/bitcoin-cash.json, ecash.json, kaspa.json).
  'bitcoincash:',
  'ecash:',
  'kaspa:',
];

/** `text` with each span of NOT_PROSE and AS_WRITTEN replaced by as many letters. */
function masked(text: string): string {
  let result = text;
  for (const pattern of NOT_PROSE) {
    result = result.replace(pattern, (span) => 'x'.repeat(span.length));
  }
  for (const span of AS_WRITTEN) result = result.split(span).join('x'.repeat(span.length));
  return result;
}

// --- The rules ----------------------------------------------------------------------------

interface Breach {
  /** Where in the text, for the excerpt. */
  index: number;
  problem: string;
}

const isSpace = (character: string | undefined): boolean =>
  character !== undefined && /\s/u.test(character);

/** A character by its code point, so an invisible space can be told from another. */
const named = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Where a French text breaks the narrow-space rule. */
function frenchBreaches(text: string): Breach[] {
  const read = masked(text);
  const found: Breach[] = [];
  /** The space at `index` that must be U+202F, on the `side` of `mark`. */
  const expectNarrow = (index: number, mark: string, side: 'before' | 'after') => {
    const character = read[index];
    // A mark at either end of a string is joined to another text by the code: nothing to check.
    if (character === undefined) return;
    const beyond = read[side === 'before' ? index - 1 : index + 1];
    if (character === NARROW) {
      if (isSpace(beyond)) {
        found.push({
          index,
          problem: `${named(beyond ?? '')} next to the U+202F ${side} "${mark}"`,
        });
      }
    } else if (isSpace(character)) {
      found.push({ index, problem: `${named(character)} ${side} "${mark}", where U+202F belongs` });
    } else {
      found.push({ index, problem: `no space ${side} "${mark}": U+202F belongs there` });
    }
  };
  // A run such as ?! or !? takes one space, before its first mark.
  for (const match of read.matchAll(/[:;!?]+/gu)) {
    if (match.index > 0) expectNarrow(match.index - 1, match[0], 'before');
  }
  for (const match of read.matchAll(/«/gu)) expectNarrow(match.index + 1, '«', 'after');
  for (const match of read.matchAll(/»/gu)) {
    if (match.index > 0) expectNarrow(match.index - 1, '»', 'before');
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Where a Spanish text sets a space the language does not use. */
function spanishSpaceBreaches(text: string): Breach[] {
  const read = masked(text);
  return [
    ...[...read.matchAll(/\s(?=[:;!?»])/gu)].map((match) => ({
      index: match.index,
      problem: `${named(match[0])} before "${read[match.index + 1] ?? ''}": Spanish sets none`,
    })),
    ...[...read.matchAll(/(?<=[«¿¡])\s/gu)].map((match) => ({
      index: match.index,
      problem: `${named(match[0])} after "${read[match.index - 1] ?? ''}": Spanish sets none`,
    })),
  ].sort((a, b) => a.index - b.index);
}

/**
 * The marks of a Spanish sentence (as sentencesOf cuts them: after . ! ? … ; and at a line
 * break) left unpaired: a ? or ! with no ¿ or ¡ opening it before, a ¿ or ¡ never closed.
 */
function unpairedMarks(sentence: string): string[] {
  const open: Record<string, number> = { '¿': 0, '¡': 0 };
  const opening: Record<string, string> = { '?': '¿', '!': '¡' };
  const problems: string[] = [];
  for (const character of masked(sentence)) {
    if (character === '¿' || character === '¡') open[character] = (open[character] ?? 0) + 1;
    const opener = opening[character];
    if (opener === undefined) continue;
    if ((open[opener] ?? 0) > 0) open[opener] = (open[opener] ?? 0) - 1;
    else problems.push(`"${character}" with no "${opener}" opening it`);
  }
  for (const [opener, count] of Object.entries(open)) {
    if (count > 0) problems.push(`"${opener}" never closed`);
  }
  return problems;
}

// --- The texts ----------------------------------------------------------------------------

const locales = import.meta.glob<unknown>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const raw = import.meta.glob<string>(
  [
    '../../supabase/templates/*.html',
    '../../supabase/config.toml',
    '../../server/mail/mailboxPage.ts',
    '../../renderer/index.html',
  ],
  { eager: true, query: '?raw', import: 'default' },
);

const LANGUAGES: readonly Language[] = ['fr', 'es'];
const isLanguage = (value: string | undefined): value is Language =>
  value === 'fr' || value === 'es';
const relative = (file: string): string => file.replace(/^(?:\.\.\/)+/u, '');

function rawFile(file: string): string {
  const source = raw[`../../${file}`];
  if (source === undefined) throw new Error(`Cannot read ${file}`);
  return source;
}

/**
 * What a mail template shows in `language`. The templates (supabase/templates/ and the subjects
 * of supabase/config.toml) choose with `if eq .Data.language "en"`, `else if eq … "es"`, `else`
 * (French, the default) and `end`; text outside them shows in every language.
 */
function templateIn(source: string, language: string): string {
  const action =
    /\{\{-?\s*(if eq \.Data\.language "(\w+)"|else if eq \.Data\.language "(\w+)"|else|end)\s*-?\}\}/gu;
  const branches: { active: boolean; matched: boolean }[] = [];
  let shown = '';
  let from = 0;
  for (const match of source.matchAll(action)) {
    if (branches.every((branch) => branch.active)) shown += source.slice(from, match.index);
    from = match.index + match[0].length;
    const [, keyword = '', ifLanguage, elseIfLanguage] = match;
    const branch = branches.at(-1);
    if (ifLanguage !== undefined) {
      branches.push({ active: ifLanguage === language, matched: ifLanguage === language });
    } else if (branch === undefined) {
      throw new Error(`"${keyword}" outside an if`);
    } else if (elseIfLanguage !== undefined) {
      branch.active = !branch.matched && elseIfLanguage === language;
      branch.matched ||= branch.active;
    } else if (keyword === 'else') {
      branch.active = !branch.matched;
    } else {
      branches.pop();
    }
  }
  return shown + source.slice(from);
}

/** The text of a mail's HTML: one line per paragraph, entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/[ \t\r\n]+/gu, ' ')
    .replace(/<\/p>/gu, '\n')
    .replace(/<[^>]*>/gu, '')
    .replace(/&#x([0-9a-f]+);/giu, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&#(\d+);/gu, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&nbsp;/gu, '\u00a0')
    .replace(/&quot;/gu, '"')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&amp;/gu, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

const mailBodies: Text[] = Object.entries(raw)
  .filter(([file]) => file.includes('/supabase/templates/'))
  .flatMap(([file, source]) =>
    LANGUAGES.map((language) => ({
      file: relative(file),
      path: `the ${language} branch`,
      language,
      text: htmlText(templateIn(source, language)),
    })),
  );

const mailSubjects: Text[] = [
  ...rawFile('supabase/config.toml').matchAll(
    /^\[auth\.email\.template\.(\w+)\]\n(?:[^[\n].*\n)*?subject = '([^']*)'/gmu,
  ),
].flatMap(([, name = '', subject = '']) =>
  LANGUAGES.map((language) => ({
    file: 'supabase/config.toml',
    path: `auth.email.template.${name}.subject (${language})`,
    language,
    text: templateIn(subject, language),
  })),
);

/**
 * The mailbox page's texts, read from its source (unit tests do not import server/): the string
 * literals of the fr and es entries of its TEXTS, a concatenation read as one string.
 */
function mailboxTexts(): Text[] {
  const file = 'server/mail/mailboxPage.ts';
  const source = rawFile(file);
  const start = source.indexOf('const TEXTS');
  const table = source.slice(start, source.indexOf('\n};', start)).replace(/'\s*\+\s*'/gu, '');
  const entries = table.split(/^ {2}(fr|en|es): \{$/mu);
  const texts: Text[] = [];
  for (let index = 1; index < entries.length; index += 2) {
    const language = entries[index];
    if (!isLanguage(language)) continue;
    for (const [, key = '', literal = ''] of (entries[index + 1] ?? '').matchAll(
      /(\w+):\s*'((?:[^'\\]|\\.)*)'/gu,
    )) {
      const text = literal.replace(
        /\\u([0-9a-f]{4})|\\(.)/giu,
        (_, hex?: string, escaped?: string) =>
          hex === undefined ? (escaped ?? '') : String.fromCharCode(parseInt(hex, 16)),
      );
      texts.push({ file, path: `TEXTS.${language}.${key}`, language, text });
    }
  }
  return texts;
}

/** The description and title of renderer/index.html, in the language of its <html lang>. */
function indexTexts(): Text[] {
  const file = 'renderer/index.html';
  const html = rawFile(file);
  const language = /<html lang="(\w+)"/u.exec(html)?.[1];
  if (!isLanguage(language)) return [];
  const description = /<meta\s+name="description"\s+content="([^"]*)"/u.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/u.exec(html)?.[1];
  return [
    ...(description === undefined
      ? []
      : [{ file, path: 'meta description', language, text: description }]),
    ...(title === undefined ? [] : [{ file, path: 'title', language, text: title }]),
  ];
}

const texts: Text[] = [
  ...Object.entries(locales).flatMap(([file, tree]) => {
    const language = /locales\/(\w+)\//u.exec(file)?.[1];
    if (!isLanguage(language)) return [];
    return stringsOf(tree).map(([path, text]) => ({ file: relative(file), path, language, text }));
  }),
  ...contentTexts.flatMap(({ file, path, language, text }) =>
    isLanguage(language) ? [{ file: `content/${file}`, path, language, text }] : [],
  ),
  ...mailBodies,
  ...mailSubjects,
  ...mailboxTexts(),
  ...indexTexts(),
];

// --- Reports ------------------------------------------------------------------------------

/** A few characters either side of `index`, on one line. */
function excerpt(text: string, index: number): string {
  const from = Math.max(0, index - 24);
  const to = Math.min(text.length, index + 24);
  const inner = text.slice(from, to).replace(/\n/gu, ' ⏎ ');
  return `${from > 0 ? '…' : ''}${inner}${to < text.length ? '…' : ''}`;
}

function report(text: Text, breaches: readonly Breach[]): string[] {
  return breaches.map(
    ({ index, problem }) =>
      `${text.file} › ${text.path}: ${problem}, in "${excerpt(text.text, index)}"`,
  );
}

const inLanguage = (language: Language) => texts.filter((text) => text.language === language);

// --- The rules, on examples ---------------------------------------------------------------

const problemsOf = (breaches: readonly Breach[]) => breaches.map(({ problem }) => problem);

/** A case with its invisible spaces named, for the test's title. */
const visible = (text: string) => ({
  name: text.replace(/\u202f/gu, '⟨U+202F⟩').replace(/\u00a0/gu, '⟨U+00A0⟩'),
  text,
});

describe('the French rule', () => {
  it.each(
    [
      ['Bonjour : le monde', 'U+0020 before ":", where U+202F belongs'],
      ['Bonjour\u00a0: le monde', 'U+00A0 before ":", where U+202F belongs'],
      ['Bonjour: le monde', 'no space before ":": U+202F belongs there'],
      ['Vraiment ?', 'U+0020 before "?", where U+202F belongs'],
      ['Attention!', 'no space before "!": U+202F belongs there'],
      ['Un point-virgule ; ici', 'U+0020 before ";", where U+202F belongs'],
      ['Quoi ?!', 'U+0020 before "?!", where U+202F belongs'],
      ['{{count}} : total', 'U+0020 before ":", where U+202F belongs'],
      ['Voir https://example.org : ici', 'U+0020 before ":", where U+202F belongs'],
      ['«\u00a0citation\u202f»', 'U+00A0 after "«", where U+202F belongs'],
      ['«\u202fcitation »', 'U+0020 before "»", where U+202F belongs'],
      ['«citation\u202f»', 'no space after "«": U+202F belongs there'],
      ['Bonjour \u202f: deux espaces', 'U+0020 next to the U+202F before ":"'],
    ].map(([text = '', problem]) => ({ ...visible(text), problem })),
  )('flags $name', ({ text, problem }) => {
    expect(problemsOf(frenchBreaches(text))).toEqual([problem]);
  });

  it('flags each place of a text', () => {
    expect(frenchBreaches('« Oui » : non ; peut-être !')).toHaveLength(5);
  });

  it.each(
    [
      'Bonjour\u202f: le monde\u202f; vraiment\u202f? oui\u202f!',
      '«\u202fcitation\u202f», dit-il.',
      'Quoi\u202f?! Vraiment\u202f!? Et alors\u202f?..',
      'Voir https://example.org/page?x=1&y=2 et mailto:nous@example.org.',
      'Une adresse qui commence par https://',
      'À 10:30, au ratio 1:1, en 16:9.',
      '{{count}}\u202f: {{name}}',
      '$t(common:nav.login)\u202f: ici',
      'En Rust, std::mem, et en JavaScript a !== b ou a != b.',
      'Le livre blanc «\u202fBitcoin: A Peer-to-Peer Electronic Cash System\u202f».',
      'Le préfixe «\u202fkaspa:\u202f».',
      ':\u202fun texte qui suit un autre',
    ].map(visible),
  )('leaves alone $name', ({ text }) => {
    expect(frenchBreaches(text)).toEqual([]);
  });
});

describe('the Spanish rules', () => {
  it.each(
    (
      [
        ['« texto »', 2],
        ['«\u202ftexto\u202f»', 2],
        ['¿Qué es ?', 1],
        ['¿ Qué es?', 1],
        ['¡\u00a0Hola!', 1],
        ['Nota : esto', 1],
      ] as const
    ).map(([text, count]) => ({ ...visible(text), count })),
  )('flags the spaces of $name', ({ text, count }) => {
    expect(spanishSpaceBreaches(text)).toHaveLength(count);
  });

  it.each(['«texto»', '¿Qué es? ¡Nada!', 'Nota: esto; y https://example.org/?a=1 también.'])(
    'leaves the spaces of %s alone',
    (text) => {
      expect(spanishSpaceBreaches(text)).toEqual([]);
    },
  );

  it.each([
    ['Qué es?', ['"?" with no "¿" opening it']],
    ['Hola!', ['"!" with no "¡" opening it']],
    ['¿Qué es.', ['"¿" never closed']],
    ['¡Hola.', ['"¡" never closed']],
    ['¡Qué es?', ['"?" with no "¿" opening it', '"¡" never closed']],
  ])('flags %s', (sentence, problems) => {
    expect(unpairedMarks(sentence)).toEqual(problems);
  });

  it.each([
    '¿Qué es?',
    'Si pierde la frase, ¿quién le ayuda?',
    '¡¿En serio?!',
    'Véase https://example.org/?a=1 y a !== b.',
  ])('leaves %s alone', (sentence) => {
    expect(unpairedMarks(sentence)).toEqual([]);
  });

  it('cuts a text into sentences before pairing', () => {
    expect(sentencesOf('¿Qué es? Nada. Y luego!').flatMap(unpairedMarks)).toEqual([
      '"!" with no "¡" opening it',
    ]);
  });
});

describe('the mail templates', () => {
  it('are read in each language', () => {
    const source =
      '{{ if eq .Data.language "en" }}Hi{{ else if eq .Data.language "es" }}Hola{{ else }}Salut{{ end }} !';
    expect(['fr', 'en', 'es', 'de'].map((language) => templateIn(source, language))).toEqual([
      'Salut !',
      'Hi !',
      'Hola !',
      'Salut !',
    ]);
  });
});

// --- The product's texts ------------------------------------------------------------------

describe('the texts the test reads', () => {
  it('cover the locales, the content, the mails, the mailbox page and the page description', () => {
    const count = (prefix: string, language: Language) =>
      texts.filter((text) => text.language === language && text.file.startsWith(prefix)).length;
    for (const language of LANGUAGES) {
      expect(count(`renderer/i18n/locales/${language}/`, language)).toBeGreaterThan(1500);
      expect(count('content/terms/', language)).toBeGreaterThan(500);
      expect(count('content/tokens/', language)).toBeGreaterThan(4000);
      expect(count('content/learning/', language)).toBeGreaterThan(800);
      expect(count('supabase/templates/', language)).toBe(5);
      expect(count('supabase/config.toml', language)).toBe(5);
      expect(count('server/mail/mailboxPage.ts', language)).toBeGreaterThanOrEqual(10);
    }
    expect(count('renderer/index.html', 'fr')).toBe(2);
    // The French mails are in French, and their branch is read apart from the others.
    const french = mailBodies.find(({ file, language }) =>
      file.endsWith('/confirmation.html') ? language === 'fr' : false,
    );
    expect(french?.text).toMatch(/^Bienvenue/u);
    expect(french?.text).not.toMatch(/Welcome|bienvenida/u);
  });

  it('still use each entry of the as-written list', () => {
    const all = texts.map(({ text }) => text).join('\n');
    expect(AS_WRITTEN.filter((span) => !all.includes(span))).toEqual([]);
  });
});

describe('French typography', () => {
  it('sets U+202F, and no other space, before : ; ! ? and inside « »', () => {
    const found = inLanguage('fr').flatMap((text) => report(text, frenchBreaches(text.text)));
    expect(found).toEqual([]);
  });
});

describe('Spanish typography', () => {
  it('sets no space before : ; ! ? » nor after « ¿ ¡', () => {
    const found = inLanguage('es').flatMap((text) => report(text, spanishSpaceBreaches(text.text)));
    expect(found).toEqual([]);
  });

  it('opens each question with ¿ and each exclamation with ¡, in the same sentence', () => {
    const found = inLanguage('es').flatMap((text) =>
      sentencesOf(text.text).flatMap((sentence) =>
        unpairedMarks(sentence).map(
          (problem) =>
            `${text.file} › ${text.path}: ${problem}, in "${sentence.length > 100 ? `${sentence.slice(0, 100)}…` : sentence}"`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });
});
