import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsPDF } from 'jspdf';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { buildReport } from '../../renderer/features/pdf/buildReport';
import type { CalculatorReport } from '../../renderer/features/pdf/report';
import { reportFileName } from '../../renderer/features/pdf/reportFileName';
import { checkPdfBytes, checkPdfFileName } from '../../shared/validation';
import { readCmap } from './fontCmap';

const FONT_DIR = 'renderer/features/pdf/fonts';
const FONT_FILES = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'];

// The committed fonts, read through Vite (the unit tests run in a page, without Node's fs).
const fontDataUrls = import.meta.glob<string>('../../renderer/features/pdf/fonts/*.ttf', {
  eager: true,
  query: '?inline',
  import: 'default',
});

function fontBytes(file: string): Uint8Array<ArrayBuffer> {
  const dataUrl = fontDataUrls[`../../${FONT_DIR}/${file}`];
  if (dataUrl === undefined) throw new Error(`No font ${file} in ${FONT_DIR}`);
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

// The strings a French report shows that the standard PDF fonts cannot: Intl's narrow no-break
// space (U+202F) and no-break space (U+00A0), its minus sign (U+2212), and the punctuation of
// the three languages.
const MONEY = '1\u202f234,56\u00a0$';
const LOSS = '\u221212,5\u00a0%';
const PUNCTUATION = 'Ça coûte ¿cuánto? ¡Sí! «\u202fñ\u202f» € − – — ’ …';
const OE_AND_QUOTES = 'Œuvre, cœur, L’HAŸ-LES-ROSES × 2 • ‘un’ “deux”';
const TABLE_COLUMNS = ['Année', 'Versé', 'Valeur', 'Plus-value'];

function frenchReport(): CalculatorReport {
  return {
    language: 'fr',
    siteName: 'Blockademia',
    title: 'Calculateur DCA',
    generatedOn: 'Créé le 26 novembre 2026',
    languageLine: 'Langue\u202f: français',
    sections: [
      {
        kind: 'pairs',
        heading: 'Paramètres',
        rows: [
          { label: 'Montant investi', value: MONEY },
          { label: 'Rendement', value: LOSS },
          { label: 'Durée', value: '36\u202f500 jours' },
        ],
      },
      { kind: 'paragraphs', heading: 'Lecture', paragraphs: [PUNCTUATION, OE_AND_QUOTES] },
      {
        kind: 'chart',
        heading: 'Évolution',
        xAxis: {
          min: 0,
          max: 10,
          ticks: [0, 5, 10].map((value) => ({ value, label: `${value} ans` })),
          title: 'Années',
        },
        yAxis: {
          min: 0,
          max: 2000,
          ticks: [0, 1000, 2000].map((value) => ({ value, label: `${value}\u00a0$` })),
        },
        series: [
          { label: 'Versé', points: [0, 5, 10].map((x) => ({ x, y: x * 100 })) },
          { label: 'Valeur', points: [0, 5, 10].map((x) => ({ x, y: x * 180 })) },
        ],
        summary: 'La valeur passe de 0\u00a0$ à 1\u202f800\u00a0$ en 10\u00a0ans.',
      },
      {
        kind: 'table',
        heading: 'Année par année',
        columns: TABLE_COLUMNS,
        numericColumns: [1, 2, 3],
        rows: Array.from({ length: 60 }, (_, index) => [
          `Année ${index + 1}`,
          `${index + 1}\u202f000,00\u00a0$`,
          `${index + 1}\u202f234,56\u00a0$`,
          index % 2 === 0 ? `+${index},5\u00a0%` : `\u2212${index},5\u00a0%`,
        ]),
      },
    ],
    notice:
      'Ce calcul est une simulation pédagogique, pas un conseil financier\u202f: les crypto-actifs ' +
      'peuvent perdre toute leur valeur.',
    pageLabel: (page, total) => `Page ${page} sur ${total}`,
  };
}

/** The fonts' `?url` is a path under the repository: answer with the committed file. */
function fetchFromRepository(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost/');
  const file = FONT_FILES.find((name) => url.pathname === `/${FONT_DIR}/${name}`);
  return Promise.resolve(
    file === undefined ? new Response(null, { status: 404 }) : new Response(fontBytes(file)),
  );
}

function glyphText(args: unknown): string {
  const glyphs: unknown = Array.isArray(args) ? args[0] : undefined;
  if (!Array.isArray(glyphs)) return '';
  return glyphs
    .map((glyph: unknown) =>
      typeof glyph === 'object' && glyph !== null && 'unicode' in glyph
        ? String(glyph.unicode)
        : '',
    )
    .join('');
}

interface PageText {
  /** Each string the page draws, as the font's ToUnicode map reads it back: exact characters. */
  lines: string[];
  /** pdf.js's text content, the layer behind search and copy in its viewer. */
  content: string;
}

async function readPages(data: Uint8Array): Promise<PageText[]> {
  const pdf = await getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: PageText[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    // getTextContent folds every Unicode space (U+00A0, U+202F, U+2009) into U+0020 whatever
    // its options, so the exact characters come from the drawing operations, where pdf.js has
    // decoded each glyph through the font's ToUnicode map. jsPDF draws one string per text() call,
    // so each is one line of the layout.
    const operators = await page.getOperatorList();
    const lines = operators.fnArray.flatMap((operator, index) =>
      operator === OPS.showText || operator === OPS.showSpacedText
        ? [glyphText(operators.argsArray[index])]
        : [],
    );
    const content = await page.getTextContent({ disableNormalization: true });
    pages.push({
      lines,
      content: content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ''))
        .join(''),
    });
  }
  await pdf.destroy();
  return pages;
}

/** What pdf.js's text layer makes of a string: any Unicode space becomes U+0020. */
const asTextLayer = (text: string): string => text.replace(/\s/gu, ' ');

describe('buildReport', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(fetchFromRepository));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the screen’s strings character for character, on numbered pages', async () => {
    const bytes = await buildReport(frenchReport());
    expect(checkPdfBytes(bytes).ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);

    const pages = await readPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const lines = pages.flatMap((page) => page.lines);
    for (const text of [MONEY, LOSS, PUNCTUATION, OE_AND_QUOTES, 'Langue\u202f: français']) {
      expect(lines).toContain(text);
      expect(pages.map((page) => page.content).join('\n')).toContain(asTextLayer(text));
    }
    pages.forEach((page, index) => {
      const footer = `Blockademia · Page ${index + 1} sur ${pages.length}`;
      expect(page.lines).toContain(footer);
      expect(page.content).toContain(footer);
    });
    // The table runs over to page 2, which starts by repeating its header row.
    const second = pages[1]?.lines ?? [];
    const header = second.indexOf(TABLE_COLUMNS[0] ?? '');
    expect(second.slice(header, header + TABLE_COLUMNS.length)).toEqual(TABLE_COLUMNS);
    expect(second[header + TABLE_COLUMNS.length]).toMatch(/^Année \d+$/);
    expect(pages.at(-1)?.lines.join(' ')).toContain('pas un conseil financier\u202f:');
    expect(lines.filter((line) => /^[:;!?»]/u.test(line))).toEqual([]);
  });

  it('never starts a line with : ; ! ? or », which U+202F keeps with the word before', () => {
    // The report wraps with jsPDF's splitTextToSize (pageLayout's wrap()), which breaks at
    // U+0020 only: a narrow no-break space holds like the page's.
    const doc = new jsPDF();
    const sentence = (space: string) =>
      `pas un conseil financier${space}: les crypto-actifs peuvent perdre toute leur valeur`;
    const widthsStartingWithAMark = (space: string) =>
      Array.from({ length: 400 }, (_, index) => 35 + index / 4).filter((width) =>
        (doc.splitTextToSize(sentence(space), width) as string[]).some((line) =>
          /^[:;!?»]/u.test(line),
        ),
      );
    // From 35 mm, wider than its longest word (narrower, jsPDF cuts a word into letters), an
    // ordinary space lets the colon start a line at some widths; U+202F at none.
    expect(widthsStartingWithAMark(' ')).not.toEqual([]);
    expect(widthsStartingWithAMark('\u202f')).toEqual([]);
  });

  it('sets the document’s title, creator and language', async () => {
    const bytes = await buildReport(frenchReport());
    const pdf = await getDocument({ data: bytes, verbosity: VerbosityLevel.ERRORS }).promise;
    const { info } = await pdf.getMetadata();
    expect(info).toMatchObject({
      Title: 'Calculateur DCA',
      Creator: 'Blockademia',
      Language: 'fr',
    });
    await pdf.destroy();
  });
});

type Tree = { [key: string]: string | Tree };

const locales = import.meta.glob<Tree>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The namespaces whose texts a report may show. */
const REPORT_NAMESPACES = ['common', 'tools'];

function strings(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : strings(value),
  );
}

/** What Intl prints for the figures and dates of the calculators, in each language. */
function intlSamples(): string[] {
  const samples: string[] = [];
  const values = [-1234567.891, -0.5, 0, 0.004, 12.5, 1e12];
  for (const language of ['fr', 'en', 'es']) {
    const numberOptions: Intl.NumberFormatOptions[] = [
      { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' },
      { style: 'currency', currency: 'USD' },
      { style: 'currency', currency: 'EUR' },
      { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', notation: 'compact' },
      { notation: 'compact', maximumSignificantDigits: 3 },
      { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 2 },
      { maximumFractionDigits: 2 },
      ...(['day', 'month', 'year'] as const).map((unit): Intl.NumberFormatOptions => ({
        style: 'unit',
        unit,
        unitDisplay: 'long',
      })),
    ];
    for (const options of numberOptions) {
      const format = new Intl.NumberFormat(language, options);
      for (const value of values) samples.push(format.format(value));
    }
    const dateOptions: Intl.DateTimeFormatOptions[] = [
      { dateStyle: 'long' },
      { dateStyle: 'medium', timeStyle: 'short' },
      { year: 'numeric', month: 'long' },
    ];
    for (const options of dateOptions) {
      const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
      for (let month = 0; month < 12; month += 1) {
        samples.push(format.format(new Date(Date.UTC(2026, month, 26, 15, 30))));
      }
    }
  }
  return samples;
}

const codePointName = (codePoint: number): string =>
  `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the PDF fonts', () => {
  const sources = Object.entries(locales).flatMap(([file, tree]) => {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    return namespace !== undefined && REPORT_NAMESPACES.includes(namespace)
      ? strings(tree).map((text) => ({ where: `${language}/${namespace}.json`, text }))
      : [];
  });

  it('reads the texts it checks', () => {
    expect(sources.filter(({ where }) => where.endsWith('/common.json')).length).toBeGreaterThan(
      100,
    );
  });

  it.each(FONT_FILES)('%s has a glyph for every character a report may show', (file) => {
    const { glyphs, firstSubtableIsUnicodeFormat4 } = readCmap(fontBytes(file));
    // jsPDF builds the embedded font's mapping from the first cmap subtable.
    expect(firstSubtableIsUnicodeFormat4).toBe(true);

    const missing = new Map<number, string>();
    const texts = [...sources, ...intlSamples().map((text) => ({ where: 'Intl', text }))];
    for (const { where, text } of texts) {
      for (const character of text) {
        const codePoint = character.codePointAt(0) ?? 0;
        // Line breaks and tabs are layout, never drawn.
        if (codePoint < 0x20 || glyphs.has(codePoint) || missing.has(codePoint)) continue;
        const excerpt = text.length > 60 ? `${text.slice(0, 60)}…` : text;
        missing.set(
          codePoint,
          `${codePointName(codePoint)} "${character}" (${where}: "${excerpt}")`,
        );
      }
    }
    expect(
      [...missing.values()],
      `${file} lacks these characters. Add them to scripts/subset-pdf-fonts.ts and run ` +
        '`npm run fonts:pdf`; a character Noto Sans itself lacks must not appear in a report.',
    ).toEqual([]);
  });

  it.each(FONT_FILES)('%s gives each kind of space and dash its own glyph', (file) => {
    // A PDF maps glyphs back to characters: two characters sharing a glyph would be copied and
    // searched as one and the same.
    const { glyphs } = readCmap(fontBytes(file));
    const distinct = [0x20, 0xa0, 0x2009, 0x202f, 0x2d, 0x2013, 0x2014, 0x2212];
    const ids = distinct.map((codePoint) => glyphs.get(codePoint));
    expect(ids).not.toContain(undefined);
    expect(new Set(ids).size).toBe(distinct.length);
  });
});

const sources = import.meta.glob<string>('../../renderer/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('loading on demand', () => {
  it('imports jsPDF and the fonts only through import()', () => {
    const staticImport = /^import\s+(?:(?!type\b)[^;]*?from\s+)?'(jspdf|[^']*\.ttf\?url)'/gm;
    const offenders = Object.entries(sources).flatMap(([file, source]) =>
      [...source.matchAll(staticImport)]
        .map((match) => match[1])
        .filter((target) => target === 'jspdf' || !file.endsWith('/pdf/reportFonts.ts'))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
    const fontModuleImports = Object.entries(sources).filter(([, source]) =>
      /^import\s+(?!type\b)[^;]*?from\s+'[^']*\/reportFonts'/m.test(source),
    );
    expect(fontModuleImports.map(([file]) => file)).toEqual([]);
  });
});

describe('reportFileName', () => {
  it.each([
    ['dca', new Date(2026, 10, 25, 23, 59), 'blockademia-dca-2026-11-25.pdf'],
    ['roi', new Date(2026, 0, 5, 0, 0), 'blockademia-roi-2026-01-05.pdf'],
    ['Staking', new Date(2027, 11, 31, 12), 'blockademia-staking-2027-12-31.pdf'],
    [
      'Intérêts composés / Año',
      new Date(2026, 5, 1),
      'blockademia-interets-composes-ano-2026-06-01.pdf',
    ],
    ['', new Date(2026, 5, 1), 'blockademia-2026-06-01.pdf'],
    ['dca', new Date(Number.NaN), 'blockademia-dca.pdf'],
  ])('%s on %s → %s', (calculator, date, expected) => {
    const name = reportFileName(calculator, date);
    expect(name).toBe(expected);
    expect(checkPdfFileName(name)).toEqual({ ok: true, value: expected });
  });

  it('uses the local calendar day, not the UTC one', () => {
    const lateEvening = new Date(2026, 10, 25, 23, 30);
    expect(reportFileName('dca', lateEvening)).toBe(
      `blockademia-dca-2026-11-${String(lateEvening.getDate()).padStart(2, '0')}.pdf`,
    );
  });

  it('stays short and ASCII whatever the name', () => {
    const name = reportFileName('¿Œ€'.repeat(200), new Date(2026, 0, 1));
    expect(name).toMatch(/^[a-z0-9-]+\.pdf$/);
    expect(checkPdfFileName(name).ok).toBe(true);
  });
});
