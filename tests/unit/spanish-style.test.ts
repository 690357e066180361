import { describe, expect, it } from 'vitest';
import { type ContentLanguage, contentTexts, sentencesOf } from './contentTexts';

// Two style rules over every string of content/terms, content/tokens and content/learning
// (content, second edition, item 5):
// - Spanish drops the subject pronoun when the verb already says who acts: a sentence never
//   opens with « Usted » followed by a verb (« Usted puede… » is written « Puede… »). « Usted »
//   stays where it is needed: after a preposition (« para usted »), for contrast or emphasis
//   (« es usted quien… », « usted mismo »), or to say who acts when the verb could be él or ella.
// - English uses American spelling: -ize and -ization, not -ise and -isation, and -or, -er, -ense
//   and single l where British English differs. Quoted text and the proper names below are
//   left alone.

// --- Spanish: « Usted » + verb at the start of a sentence ---------------------------------

/** Words that may follow a sentence-opening « Usted » without making it a subject + verb. */
const NOT_A_VERB = new Set(['mismo', 'misma', 'y', 'e', 'o', 'u']);

/** Words between « Usted » and its verb: negation, adverbs, clitic pronouns. */
const BEFORE_THE_VERB = new Set([
  'no',
  'ya',
  'también',
  'tampoco',
  'nunca',
  'siempre',
  'solo',
  'sólo',
  'se',
  'lo',
  'la',
  'los',
  'las',
  'le',
  'les',
  'me',
  'nos',
]);

/** True when the sentence opens with « Usted » followed by a verb (« Usted puede… »). */
function opensWithUstedAndVerb(sentence: string): boolean {
  const match = /^[¿¡«"“(\s]*Usted(?![\p{L}])\s+(.*)$/u.exec(sentence);
  if (!match) return false;
  const words = (match[1] ?? '').match(/[\p{L}]+/gu) ?? [];
  let index = 0;
  while (index < words.length && BEFORE_THE_VERB.has(words[index] ?? '')) index += 1;
  const next = words[index];
  if (next === undefined) return false;
  if (next !== next.toLowerCase()) return false;
  return !NOT_A_VERB.has(next);
}

// --- English: British spellings ---------------------------------------------------------

/** Stems of verbs that American English writes with -ize (and -ization, -izer). */
const IZE_STEMS = [
  'apolog',
  'author',
  'capital',
  'categor',
  'central',
  'character',
  'collateral',
  'colon',
  'critic',
  'custom',
  'decentral',
  'digital',
  'emphas',
  'final',
  'formal',
  'incentiv',
  'legal',
  'maxim',
  'memor',
  'minim',
  'mobil',
  'monet',
  'normal',
  'optim',
  'organ',
  'penal',
  'popular',
  'priorit',
  'real',
  'recogn',
  'reorgan',
  'special',
  'stabil',
  'standard',
  'summar',
  'synchron',
  'token',
  'util',
  'visual',
];

/** Other British spellings, with the American form the content uses. */
const BRITISH_WORDS = [
  'analyse',
  'analysed',
  'analyses',
  'analysing',
  'behaviour',
  'behaviours',
  'cancelled',
  'cancelling',
  'centred',
  'colour',
  'colours',
  'defence',
  'defences',
  'favour',
  'favoured',
  'favourite',
  'favours',
  'honour',
  'honoured',
  'labelled',
  'labour',
  'licence',
  'licences',
  'modelling',
  'neighbour',
  'neighbours',
  'offence',
  'offences',
  'paralyse',
  'paralysed',
  'programme',
  'programmes',
  'rumour',
  'rumours',
  'spiralling',
  'travelled',
  'travelling',
];

const BRITISH_SPELLING = new RegExp(
  `(?<![\\p{L}])(?:(?:${IZE_STEMS.join('|')})(?:ise|ised|ises|ising|isation|isations|iser|isers)|${BRITISH_WORDS.join('|')})(?![\\p{L}])`,
  'iu',
);

/** Proper names that keep their British spelling. */
const PROPER_NAMES = ['Centre consortium', 'World Health Organisation'];

/** The text a spelling rule reads: quotations and proper names are left out. */
function withoutQuotesAndNames(text: string): string {
  let result = text
    .replace(/“[^“”]*”/gu, ' ')
    .replace(/"[^"]*"/gu, ' ')
    .replace(/(?<![\p{L}])'[^']*'(?![\p{L}])/gu, ' ');
  for (const name of PROPER_NAMES) result = result.split(name).join(' ');
  return result;
}

/** The first British spelling in an English text, or null. */
function britishSpelling(text: string): string | null {
  return BRITISH_SPELLING.exec(withoutQuotesAndNames(text))?.[0] ?? null;
}

// --- The rules, on examples -------------------------------------------------------------

describe('the Spanish « usted » rule', () => {
  it.each([
    'Usted puede consultar el historial.',
    'Usted debe firmar una autorización.',
    'Usted tiene 10.000 unidades de una stablecoin.',
    'Usted no tiene las claves.',
    'Usted la confirma en la pantalla.',
    '¿Usted sabe dónde está su frase?',
  ])('flags a sentence opening with « Usted » and a verb: %s', (sentence) => {
    expect(opensWithUstedAndVerb(sentence)).toBe(true);
  });

  it.each([
    'Puede consultar el historial.',
    'Es usted quien tiene las claves.',
    'La plataforma guarda las claves por usted.',
    'Usted mismo anota la frase.',
    'Usted y la plataforma tienen una clave cada uno.',
    'Un token cotiza a 10 euros y usted coloca una orden.',
    'Ustedes no aparecen aquí.',
  ])('leaves alone: %s', (sentence) => {
    expect(opensWithUstedAndVerb(sentence)).toBe(false);
  });
});

describe('the English spelling rule', () => {
  it.each([
    ['Bitcoin is a decentralised network.', 'decentralised'],
    ['Trading happens on a centralised exchange.', 'centralised'],
    ['The DAO is organised around votes.', 'organised'],
    ['Tokenisation of real-world assets.', 'Tokenisation'],
    ['A rollup-centred roadmap.', 'centred'],
    ['The order is cancelled.', 'cancelled'],
    ['It needs a licence.', 'licence'],
    ['Validators keep good behaviour.', 'behaviour'],
  ])('flags a British spelling: %s', (text, word) => {
    expect(britishSpelling(text)).toBe(word);
  });

  it.each([
    'Bitcoin is a decentralized network, organized by nobody.',
    'The phrase was popularized in 2019 and the order was canceled.',
    'Optimistic rollups such as Optimism; the Centre consortium issued USDC.',
    "The paper's title, 'Organised chaos', is quoted as written.",
    'Advertisers promise a surprise; the supervised exercise is precise.',
  ])('leaves alone: %s', (text) => {
    expect(britishSpelling(text)).toBeNull();
  });
});

// --- The content ------------------------------------------------------------------------

type Found = { file: string; path: string; language: ContentLanguage; text: string };

const texts = contentTexts.filter((found): found is Found => found.language !== undefined);

describe('content/terms, content/tokens and content/learning', () => {
  it('hold Spanish and English text', () => {
    expect(texts.filter((found) => found.language === 'es').length).toBeGreaterThan(1000);
    expect(texts.filter((found) => found.language === 'en').length).toBeGreaterThan(1000);
  });

  it('never open a Spanish sentence with « Usted » and a verb', () => {
    const wrong = texts
      .filter((found) => found.language === 'es')
      .flatMap((found) =>
        sentencesOf(found.text)
          .filter(opensWithUstedAndVerb)
          .map((sentence) => `${found.file} ${found.path}: ${sentence}`),
      );
    expect(wrong).toEqual([]);
  });

  it('spell English the American way', () => {
    const wrong = texts
      .filter((found) => found.language === 'en')
      .flatMap((found) => {
        const word = britishSpelling(found.text);
        return word === null ? [] : [`${found.file} ${found.path}: ${word}`];
      });
    expect(wrong).toEqual([]);
  });
});
