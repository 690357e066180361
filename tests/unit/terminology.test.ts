import { describe, expect, it } from 'vitest';
import { contentTexts, sentencesOf } from './contentTexts';

// One vocabulary per language: content/terminology/<lang>.json names, for each concept, the
// preferred word and the variants that must not appear. This test checks the sheets themselves
// (every pattern catches its bad example and leaves its good one alone), then scans every string
// of content/terms, content/tokens and content/learning, including files added later.

type Forbidden = { pattern: string; flags?: string; catches: string; allows?: string };
type Concept = { concept: string; preferred: string; why: string; forbidden: Forbidden[] };
type Sheet = { language: string; variety: string; notes: string[]; concepts: Concept[] };

const LANGUAGES = ['fr', 'en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

// The concepts every sheet must cover (content, second edition, item 5).
const REQUIRED_CONCEPTS = [
  'bridge',
  'impermanent loss',
  'liquidity pool',
  'self-custody',
  'DCA',
  'slippage',
  'supply (circulating, total, maximum)',
  'holders',
  'stablecoin',
  'wallet',
  'seed phrase',
  'private key',
  'exchange (centralized / decentralized)',
  'smart contract',
  'staking',
  'validator',
  'node',
  'token',
  'coin',
  'gas fees',
  'airdrop',
  'market capitalization',
  'computer',
  'amount',
  'typed / entered',
];

const sheets = import.meta.glob<Sheet>('../../content/terminology/*.json', {
  eager: true,
  import: 'default',
});

function sheetOf(language: Language): Sheet {
  const sheet = sheets[`../../content/terminology/${language}.json`];
  if (!sheet) throw new Error(`content/terminology/${language}.json is missing`);
  return sheet;
}

/**
 * The text a rule reads: what stands in parentheses or quotes names a word rather than using it
 * ("Glissement (slippage)", « tokenomics »), so it is left out.
 */
function withoutGlosses(text: string): string {
  let result = text;
  let previous: string;
  do {
    previous = result;
    result = result.replace(/\([^()]*\)/gu, ' ');
  } while (result !== previous);
  return result
    .replace(/«[^«»]*»/gu, ' ')
    .replace(/“[^“”]*”/gu, ' ')
    .replace(/"[^"]*"/gu, ' ');
}

type Rule = { language: Language; concept: string; regex: RegExp; entry: Forbidden };

function compile(entry: Forbidden): RegExp {
  return new RegExp(entry.pattern, `u${entry.flags ?? ''}`);
}

function violates(rule: Rule, sentence: string): boolean {
  return rule.regex.test(withoutGlosses(sentence));
}

const rules: Rule[] = LANGUAGES.flatMap((language) =>
  sheetOf(language).concepts.flatMap((concept) =>
    concept.forbidden.map((entry) => ({
      language,
      concept: concept.concept,
      regex: compile(entry),
      entry,
    })),
  ),
);

describe('the terminology sheets', () => {
  it.each(LANGUAGES)('%s: names its variety and covers every required concept once', (language) => {
    const sheet = sheetOf(language);
    expect(sheet.language).toBe(language);
    expect(sheet.variety.trim()).not.toBe('');
    const names = sheet.concepts.map((concept) => concept.concept);
    expect(new Set(names).size, 'a concept listed twice').toBe(names.length);
    for (const required of REQUIRED_CONCEPTS) expect(names, required).toContain(required);
    for (const concept of sheet.concepts) {
      expect(concept.preferred.trim(), concept.concept).not.toBe('');
      expect(concept.why.trim(), concept.concept).not.toBe('');
    }
  });

  it('list the same concepts in every language', () => {
    const [first, ...others] = LANGUAGES.map((language) =>
      sheetOf(language)
        .concepts.map((concept) => concept.concept)
        .filter((name) => REQUIRED_CONCEPTS.includes(name))
        .sort(),
    );
    for (const other of others) expect(other).toEqual(first);
  });

  it('forbid something in most concepts of each language', () => {
    for (const language of LANGUAGES) {
      const concepts = sheetOf(language).concepts;
      const withRules = concepts.filter((concept) => concept.forbidden.length > 0);
      expect(withRules.length, language).toBeGreaterThanOrEqual(concepts.length * 0.75);
    }
  });

  it('hold patterns that catch their bad example and leave their good one alone', () => {
    const wrong: string[] = [];
    for (const rule of rules) {
      const where = `${rule.language} ${rule.concept} /${rule.entry.pattern}/`;
      if (!violates(rule, rule.entry.catches)) wrong.push(`${where} misses: ${rule.entry.catches}`);
      if (rule.entry.allows !== undefined && violates(rule, rule.entry.allows))
        wrong.push(`${where} wrongly catches: ${rule.entry.allows}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never catch the preferred word itself', () => {
    const wrong: string[] = [];
    for (const rule of rules) {
      const preferred = sheetOf(rule.language).concepts.find(
        (concept) => concept.concept === rule.concept,
      )?.preferred;
      // The preferred words, outside their parenthesized notes.
      if (preferred !== undefined && violates(rule, preferred))
        wrong.push(`${rule.language} ${rule.concept}: ${preferred}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('gloss stripping', () => {
  it('leaves out text in parentheses and quotes, and nothing else', () => {
    expect(withoutGlosses('Glissement (slippage) et « tokenomics » ici')).not.toMatch(
      /slippage|tokenomics/u,
    );
    expect(withoutGlosses('Un pont (bridge (inter-chaînes)) relie')).toBe('Un pont   relie');
    expect(withoutGlosses('the "seed phrase" and the “gas”')).not.toMatch(/seed|gas/u);
    expect(withoutGlosses('Le slippage sans parenthèses')).toContain('slippage');
  });
});

type Found = { file: string; path: string; language: Language; sentence: string };

const sentences: Found[] = contentTexts.flatMap(({ file, path, language, text }) =>
  language === undefined
    ? []
    : sentencesOf(text).map((sentence) => ({ file, path, language, sentence })),
);

describe('content/terms, content/tokens and content/learning', () => {
  it('hold text in every language', () => {
    for (const folder of ['terms/', 'tokens/', 'learning/']) {
      expect(
        contentTexts.some(({ file }) => file.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    for (const language of LANGUAGES) {
      expect(
        sentences.some((found) => found.language === language),
        language,
      ).toBe(true);
    }
  });

  it.each(LANGUAGES)('%s: use no forbidden variant', (language) => {
    const languageRules = rules.filter((rule) => rule.language === language);
    const found = sentences
      .filter((sentence) => sentence.language === language)
      .flatMap((sentence) =>
        languageRules
          .filter((rule) => violates(rule, sentence.sentence))
          .map(
            (rule) =>
              `${sentence.file} ${sentence.path} [${rule.concept}: use "${
                sheetOf(language).concepts.find((concept) => concept.concept === rule.concept)
                  ?.preferred
              }"]: ${sentence.sentence}`,
          ),
      );
    expect(found).toEqual([]);
  });
});
