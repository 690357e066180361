import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/catalog';
import type { ContentProblem } from '../../shared/content/problems';
import {
  checkToken,
  checkTokenSection,
  IN_DEPTH_RANK,
  providerPage,
  TOKEN_ID_MAX_LENGTH,
  TOKEN_LIST_SECTIONS,
  TOKEN_LIST_SIZE,
  TOKEN_NAME_MAX_LENGTH,
  TOKEN_SECTION_MAX_LENGTH,
  TOKEN_SYMBOL_MAX_LENGTH,
  TOKEN_TEXT_SECTIONS,
  type TokenInput,
  type TokenTextInput,
} from '../../shared/content/tokenRules';

// The token sheet rules at their edges: the same rules run by `npm run content:check`, the seed,
// the admin's sheet editor and the content generator. tests/server/admin-tokens.test.ts checks
// that admin_save_token draws the same edges on the server.

const sectionText = (language: string): TokenTextInput => ({
  about: `About, in ${language}.`,
  quick_summary: 'A short summary.',
  use_cases: ['Paying'],
  strengths: ['Fast'],
  challenges: ['Volatile'],
  how_to_buy: 'On an exchange.',
  how_to_store: 'In a wallet.',
  common_mistakes: ['Sharing the recovery phrase'],
  history: 'Launched long ago.',
  technology: 'A blockchain.',
  ecosystem: 'Many applications.',
});

function sheet(change: (token: TokenInput) => void = () => undefined): TokenInput {
  const token: TokenInput = {
    id: 'probe-coin',
    symbol: 'PRB',
    name: 'Probe Coin',
    rank: 1,
    links: {
      website: 'https://probe.example',
      whitepaper: null,
      provider: providerPage('probe-coin'),
    },
    last_reviewed: '2026-11-27',
    translations: { fr: sectionText('fr'), en: sectionText('en'), es: sectionText('es') },
  };
  change(token);
  return token;
}

const codes = (problems: ContentProblem[]) => problems.map(({ field, code }) => `${field}:${code}`);

describe('checkToken', () => {
  it('accepts a complete sheet, and a sheet below the top without in-depth sections', () => {
    expect(checkToken(sheet())).toEqual([]);
    expect(
      checkToken(
        sheet((token) => {
          token.rank = IN_DEPTH_RANK + 1;
          for (const language of LANGUAGES) {
            token.translations[language].history = null;
            delete (token.translations[language] as Partial<TokenTextInput>).technology;
            token.translations[language].ecosystem = null;
          }
        }),
      ),
    ).toEqual([]);
  });

  it('requires the in-depth sections of the top sheets, in every language', () => {
    const atEdge = sheet((token) => {
      token.rank = IN_DEPTH_RANK;
      for (const language of LANGUAGES) token.translations[language].history = null;
    });
    expect(checkToken(atEdge)).toEqual(
      LANGUAGES.map((language) => ({
        field: `translations.${language}.history`,
        code: 'inDepthRequired',
        params: { rank: IN_DEPTH_RANK },
      })),
    );
  });

  it('refuses an in-depth section present in some languages only, whatever the rank', () => {
    const partial = sheet((token) => {
      token.rank = IN_DEPTH_RANK + 1;
      token.translations.es.ecosystem = null;
    });
    expect(checkToken(partial)).toEqual([
      {
        field: 'translations.*.ecosystem',
        code: 'inDepthPartial',
        params: { languages: 'fr, en' },
      },
    ]);
  });

  it('draws the edges of the id, the symbol, the name and the rank', () => {
    const longId = 'a'.repeat(TOKEN_ID_MAX_LENGTH);
    expect(
      checkToken(
        sheet((token) => {
          token.id = longId;
          token.links.provider = providerPage(longId);
          token.symbol = 'S'.repeat(TOKEN_SYMBOL_MAX_LENGTH);
          token.name = 'n'.repeat(TOKEN_NAME_MAX_LENGTH);
        }),
      ),
    ).toEqual([]);
    const tooLong = sheet((token) => {
      token.id = `${longId}a`;
      token.links.provider = providerPage(token.id);
      token.symbol = 'S'.repeat(TOKEN_SYMBOL_MAX_LENGTH + 1);
      token.name = 'n'.repeat(TOKEN_NAME_MAX_LENGTH + 1);
      token.rank = 0;
    });
    expect(checkToken(tooLong)).toEqual([
      {
        field: 'id',
        code: 'tooLong',
        params: { length: TOKEN_ID_MAX_LENGTH + 1, max: TOKEN_ID_MAX_LENGTH },
      },
      {
        field: 'symbol',
        code: 'tooLong',
        params: { length: TOKEN_SYMBOL_MAX_LENGTH + 1, max: TOKEN_SYMBOL_MAX_LENGTH },
      },
      {
        field: 'name',
        code: 'tooLong',
        params: { length: TOKEN_NAME_MAX_LENGTH + 1, max: TOKEN_NAME_MAX_LENGTH },
      },
      { field: 'rank', code: 'belowMin', params: { min: 1 } },
    ]);
    for (const [id, ok] of [
      ['0x', true],
      ['usd-coin', true],
      ['wrapped.bitcoin_v2', true],
      ['-dash', false],
      ['Bitcoin', false],
      ['bit coin', false],
      ['bitcoin/', false],
    ] as const) {
      const problems = checkToken(
        sheet((token) => {
          token.id = id;
          token.links.provider = providerPage(id);
        }),
      );
      expect(codes(problems).includes('id:tokenIdShape'), id).toBe(!ok);
    }
    expect(codes(checkToken(sheet((token) => (token.symbol = 'Btc'))))).toEqual([
      'symbol:symbolCase',
    ]);
    expect(codes(checkToken(sheet((token) => (token.rank = 1.5))))).toEqual(['rank:belowMin']);
  });

  it('wants https links, the provider page of this id and a real review date', () => {
    const problems = checkToken(
      sheet((token) => {
        token.links.website = 'http://probe.example';
        token.links.whitepaper = 'https://probe.example/white paper.pdf';
        token.links.provider = providerPage('another-coin');
        token.last_reviewed = '2026-02-29';
      }),
    );
    expect(problems).toEqual([
      { field: 'links.website', code: 'notHttps' },
      { field: 'links.whitepaper', code: 'notHttps' },
      { field: 'last_reviewed', code: 'notDate' },
      {
        field: 'links.provider',
        code: 'providerLink',
        params: { expected: providerPage('probe-coin') },
      },
    ]);
    expect(checkToken(sheet((token) => (token.last_reviewed = '2028-02-29')))).toEqual([]);
  });

  it('draws the edges of every section and list', () => {
    for (const section of TOKEN_TEXT_SECTIONS) {
      const max = TOKEN_SECTION_MAX_LENGTH[section];
      const list = TOKEN_LIST_SECTIONS.includes(section);
      const value = (length: number) => (list ? ['x'.repeat(length)] : 'x'.repeat(length));
      const atMax = sheet((token) => {
        Object.assign(token.translations.fr, { [section]: value(max) });
      });
      expect(checkToken(atMax), section).toEqual([]);
      const over = sheet((token) => {
        Object.assign(token.translations.fr, { [section]: value(max + 1) });
      });
      expect(checkToken(over), section).toEqual([
        {
          field: `translations.fr.${section}${list ? '[0]' : ''}`,
          code: 'tooLong',
          params: { length: max + 1, max },
        },
      ]);
    }
    const items = (count: number) => Array.from({ length: count }, (_, index) => `Item ${index}`);
    expect(
      checkToken(sheet((token) => (token.translations.en.strengths = items(TOKEN_LIST_SIZE.max)))),
    ).toEqual([]);
    expect(
      checkToken(
        sheet((token) => (token.translations.en.strengths = items(TOKEN_LIST_SIZE.max + 1))),
      ),
    ).toEqual([
      {
        field: 'translations.en.strengths',
        code: 'listSize',
        params: { count: TOKEN_LIST_SIZE.max + 1, min: 1, max: TOKEN_LIST_SIZE.max },
      },
    ]);
    expect(codes(checkToken(sheet((token) => (token.translations.en.challenges = []))))).toEqual([
      'translations.en.challenges:listSize',
    ]);
  });

  it('counts characters as the database does, and refuses blanks, spaces and placeholders', () => {
    // 1,000 emoji are 2,000 UTF-16 units but 1,000 characters for char_length.
    expect(
      checkToken(sheet((token) => (token.translations.es.quick_summary = '🪙'.repeat(1_000)))),
    ).toEqual([]);
    const problems = checkToken(
      sheet((token) => {
        token.translations.fr.about = '   ';
        token.translations.en.about = ' Leading space';
        token.translations.es.about = 'Lorem ipsum dolor';
        token.translations.es.use_cases = ['Fine', 'TODO'];
      }),
    );
    expect(codes(problems)).toEqual([
      'translations.fr.about:empty',
      'translations.en.about:untrimmed',
      'translations.es.about:placeholder',
      'translations.es.use_cases[1]:placeholder',
    ]);
    // Only upper-case TODO is a placeholder: "todo" is a Spanish word.
    expect(
      checkToken(sheet((token) => (token.translations.es.about = 'Sirve para todo.'))),
    ).toEqual([]);
  });

  it('names what is missing, of the wrong type or unknown', () => {
    expect(checkToken(undefined)).toEqual([{ field: '', code: 'missing' }]);
    const problems = checkToken({
      ...sheet(),
      rank: '1',
      links: undefined,
      extra: true,
      translations: { fr: sectionText('fr'), en: sectionText('en'), de: sectionText('de') },
    });
    expect(codes(problems)).toEqual([
      'rank:wrongType',
      'links:missing',
      'translations.es:missing',
      'translations.de:unknownField',
      'extra:unknownField',
    ]);
  });
});

describe('checkTokenSection', () => {
  it('checks one section in the three languages, with the fields of checkToken', () => {
    expect(checkTokenSection('about', { fr: 'Un.', en: 'One.', es: 'Uno.' }, 1)).toEqual([]);
    expect(
      checkTokenSection('use_cases', { fr: ['Payer', ''], en: 'Paying', es: [] }, 100),
    ).toEqual([
      { field: 'translations.fr.use_cases[1]', code: 'empty' },
      { field: 'translations.en.use_cases', code: 'wrongType', params: { expected: 'list' } },
      {
        field: 'translations.es.use_cases',
        code: 'listSize',
        params: { count: 0, min: 1, max: TOKEN_LIST_SIZE.max },
      },
    ]);
    expect(codes(checkTokenSection('how_to_buy', { fr: 'Ici.', en: 'Here.' }, null))).toEqual([
      'translations.es.how_to_buy:missing',
    ]);
  });

  it('requires an in-depth section by rank, and in all languages or none', () => {
    const none = { fr: null, en: null, es: null };
    expect(checkTokenSection('history', none, IN_DEPTH_RANK + 1)).toEqual([]);
    expect(checkTokenSection('history', none, null)).toEqual([]);
    expect(codes(checkTokenSection('history', none, IN_DEPTH_RANK))).toEqual([
      'translations.fr.history:inDepthRequired',
      'translations.en.history:inDepthRequired',
      'translations.es.history:inDepthRequired',
    ]);
    expect(
      checkTokenSection('technology', { fr: 'Une chaîne.', en: null, es: null }, null),
    ).toEqual([
      {
        field: 'translations.*.technology',
        code: 'inDepthPartial',
        params: { languages: 'fr' },
      },
    ]);
  });

  it('refuses what is not the three languages', () => {
    expect(codes(checkTokenSection('about', 'One text', 1))).toEqual(['translations:wrongType']);
    expect(
      codes(checkTokenSection('about', { fr: 'Un.', en: 'One.', es: 'Uno.', de: 'Eins.' }, 1)),
    ).toEqual(['translations.de:unknownField']);
  });
});
