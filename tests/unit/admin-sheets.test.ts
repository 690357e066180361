import { describe, expect, it } from 'vitest';
import { checkToken, providerPage } from '../../shared/content/tokenRules';
import type { SheetSummary, StoredSheet } from '../../renderer/features/adminTokens/api';
import {
  pageOf,
  searchSheets,
  sortSheets,
} from '../../renderer/features/adminTokens/arrangeSheets';
import {
  containedBox,
  hasPngSignature,
  iconKind,
  ICON_MAX_BYTES,
  prepareIcon,
} from '../../renderer/features/adminTokens/prepareIcon';
import {
  emptySheetForm,
  fieldDomId,
  listItems,
  problemsByField,
  sheetFormOf,
  tokenInputOf,
} from '../../renderer/features/adminTokens/sheetForm';
import {
  readSheetListState,
  writeSheetListState,
} from '../../renderer/features/adminTokens/sheetListState';

// The admin sheet editor's own logic: the form's values to a sheet the shared rules check, the
// list's search, sort and pages, and the icon checks that run before anything is uploaded.

const stored: StoredSheet = {
  id: 'probe-coin',
  symbol: 'PRB',
  name: 'Probe',
  rank: 120,
  websiteUrl: 'https://probe.example',
  whitepaperUrl: null,
  lastReviewed: '2026-11-27',
  iconPath: null,
  iconUrl: null,
  texts: Object.fromEntries(
    (['fr', 'en', 'es'] as const).map((language) => [
      language,
      {
        about: `About (${language}).`,
        quick_summary: 'Short.',
        use_cases: ['Paying', 'Saving'],
        strengths: ['Fast'],
        challenges: ['Young'],
        how_to_buy: 'On an exchange.',
        how_to_store: 'In a wallet.',
        common_mistakes: ['Sharing the phrase'],
        history: null,
        technology: null,
        ecosystem: null,
      },
    ]),
  ) as StoredSheet['texts'],
};

describe('the sheet form', () => {
  it('turns a stored sheet into values and back into a sheet the rules accept', () => {
    const values = sheetFormOf(stored);
    expect(values.texts.en.use_cases).toBe('Paying\nSaving');
    expect(values.rank).toBe('120');
    expect(values.whitepaper).toBe('');
    const token = tokenInputOf(values);
    expect(token).toMatchObject({
      id: 'probe-coin',
      rank: 120,
      links: {
        website: 'https://probe.example',
        whitepaper: null,
        provider: providerPage('probe-coin'),
      },
    });
    expect(checkToken(token)).toEqual([]);
  });

  it('reads lists one item per line, trimmed, blank lines skipped', () => {
    expect(listItems('  one \n\n two\n   \nthree  ')).toEqual(['one', 'two', 'three']);
    expect(listItems('   ')).toEqual([]);
  });

  it('trims texts, leaves empty in-depth sections out, and reports a blank form field by field', () => {
    const values = sheetFormOf(stored);
    values.texts.fr.about = '  Spaced out.  ';
    values.texts.es.history = '   ';
    values.rank = ' ';
    const token = tokenInputOf(values) as {
      rank?: number;
      translations: Record<string, Record<string, unknown>>;
    };
    expect(token.translations.fr?.about).toBe('Spaced out.');
    expect(token.translations.es?.history).toBeNull();
    expect(token.rank).toBeUndefined();
    const fields = checkToken(tokenInputOf(emptySheetForm('2026-11-27'))).map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining(['id', 'symbol', 'rank', 'links.website', 'translations.es.about']),
    );
    expect(fields).not.toContain('last_reviewed');
  });

  it('groups the problems of list lines under their field, with the line number', () => {
    const grouped = problemsByField([
      { field: 'translations.fr.use_cases[2]', code: 'empty' },
      {
        field: 'translations.fr.use_cases',
        code: 'listSize',
        params: { count: 0, min: 1, max: 20 },
      },
      { field: 'translations.*.history', code: 'inDepthPartial', params: { languages: 'fr' } },
    ]);
    expect(grouped.get('translations.fr.use_cases')).toEqual([
      { field: 'translations.fr.use_cases', code: 'empty', line: 3 },
      {
        field: 'translations.fr.use_cases',
        code: 'listSize',
        params: { count: 0, min: 1, max: 20 },
      },
    ]);
    expect(fieldDomId('x', 'translations.*.history')).toBe('x-translations-all-history');
  });
});

describe('the list of sheets', () => {
  const sheet = (
    id: string,
    name: string,
    rank: number | null,
    reviewed: string | null,
    texts = 33,
  ) =>
    ({
      id,
      symbol: id.slice(0, 3).toUpperCase(),
      name,
      rank,
      lastReviewed: reviewed,
      textsWritten: texts,
    }) satisfies SheetSummary;
  const sheets = [
    sheet('bitcoin', 'Bitcoin', 1, '2026-11-22'),
    sheet('ethereum', 'Ethereum', 2, null, 20),
    sheet('new-coin', 'Ünïcode Coin', null, '2026-01-01', 24),
  ];

  it('searches the name, the symbol and the id, ignoring case and accents', () => {
    expect(searchSheets(sheets, 'unicode').map((s) => s.id)).toEqual(['new-coin']);
    expect(searchSheets(sheets, 'ETH').map((s) => s.id)).toEqual(['ethereum']);
    expect(searchSheets(sheets, 'new-').map((s) => s.id)).toEqual(['new-coin']);
    expect(searchSheets(sheets, '  ')).toHaveLength(3);
  });

  it('sorts by any column, what is missing last in both directions', () => {
    const ids = (key: Parameters<typeof sortSheets>[1], direction: 'asc' | 'desc') =>
      sortSheets(sheets, key, direction, 'en').map((s) => s.id);
    expect(ids('rank', 'asc')).toEqual(['bitcoin', 'ethereum', 'new-coin']);
    expect(ids('rank', 'desc')).toEqual(['ethereum', 'bitcoin', 'new-coin']);
    expect(ids('lastReviewed', 'asc')).toEqual(['new-coin', 'bitcoin', 'ethereum']);
    expect(ids('texts', 'asc')).toEqual(['ethereum', 'new-coin', 'bitcoin']);
    expect(ids('name', 'desc')).toEqual(['new-coin', 'ethereum', 'bitcoin']);
  });

  it('pages the rows, a page past the end showing the last one', () => {
    const rows = Array.from({ length: 55 }, (_, index) => index);
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, pageCount: 3, rows: rows.slice(0, 25) });
    expect(pageOf(rows, 9)).toMatchObject({ page: 3, rows: rows.slice(50) });
    expect(pageOf([], 2)).toEqual({ page: 1, pageCount: 1, rows: [] });
  });

  it('keeps its search, sort and page in the URL, defaults left out', () => {
    const state = readSheetListState(new URLSearchParams('q=eth&sort=name&dir=desc&page=2'));
    expect(state).toEqual({ query: 'eth', sort: 'name', direction: 'desc', page: 2 });
    expect(writeSheetListState(state).toString()).toBe('q=eth&sort=name&dir=desc&page=2');
    expect(readSheetListState(new URLSearchParams('sort=price&page=0'))).toEqual({
      query: '',
      sort: 'rank',
      direction: 'asc',
      page: 1,
    });
    expect(
      writeSheetListState({ query: '', sort: 'rank', direction: 'asc', page: 1 }).toString(),
    ).toBe('');
  });
});

describe('the icon checks', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

  it('knows a PNG or an SVG by its type, or by its name when the type is unknown', () => {
    expect(iconKind({ type: 'image/png', name: 'x' })).toBe('png');
    expect(iconKind({ type: '', name: 'ICON.SVG' })).toBe('svg');
    expect(iconKind({ type: 'image/svg+xml', name: 'x.png' })).toBe('svg');
    expect(iconKind({ type: 'image/gif', name: 'x.png' })).toBeUndefined();
    expect(hasPngSignature(png)).toBe(true);
    expect(hasPngSignature(Uint8Array.from([0x47, 0x49, 0x46]))).toBe(false);
  });

  it('fits any shape whole in the square icon, centred', () => {
    expect(containedBox(512, 256)).toEqual({ x: 0, y: 64, w: 256, h: 128 });
    expect(containedBox(10, 40)).toEqual({ x: 96, y: 0, w: 64, h: 256 });
    expect(containedBox(0, 0)).toEqual({ x: 0, y: 0, w: 256, h: 256 });
  });

  it('takes a real PNG as it is, and refuses a fake one, a large one and other types', async () => {
    const ok = await prepareIcon(new File([png], 'icon.png', { type: 'image/png' }));
    expect(ok.ok).toBe(true);
    expect(await prepareIcon(new File(['GIF89a'], 'icon.png', { type: 'image/png' }))).toEqual({
      ok: false,
      problem: 'type',
    });
    const large = new Uint8Array(ICON_MAX_BYTES + 1);
    large.set(png);
    expect(await prepareIcon(new File([large], 'big.png', { type: 'image/png' }))).toEqual({
      ok: false,
      problem: 'tooLarge',
    });
    expect(await prepareIcon(new File(['x'], 'icon.gif', { type: 'image/gif' }))).toEqual({
      ok: false,
      problem: 'type',
    });
  });
});
