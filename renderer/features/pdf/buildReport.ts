import type { jsPDF } from 'jspdf';
import { drawChart } from './drawChart';
import { drawPairs, drawTable } from './drawTable';
import {
  COLOURS,
  CONTENT_TOP,
  CONTENT_WIDTH,
  FONT_FAMILY,
  FOOTER_BASELINE,
  MARGIN_X,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  PageCursor,
  STYLES,
  applyStyle,
  drawHeading,
  drawLines,
  drawRule,
  lineHeight,
  wrap,
} from './pageLayout';
import type { CalculatorReport, ParagraphsSection, ReportSection } from './report';

// A calculator's report as an A4 PDF. jsPDF (some 400 KB) and the fonts are imported here, when
// a report is asked for, so a page can import this module without loading either.

const PARAGRAPH_GAP = 2.5;
const NOTICE_PADDING = 3;
const NOTICE_BAR = 1.2;

function drawTitleBlock(doc: jsPDF, cursor: PageCursor, report: CalculatorReport): void {
  const blocks = [
    { text: report.siteName, style: STYLES.siteName, after: 1.5 },
    { text: report.title, style: STYLES.title, after: 2 },
    { text: report.generatedOn, style: STYLES.meta, after: 0 },
    { text: report.languageLine, style: STYLES.meta, after: 0 },
  ];
  for (const { text, style, after } of blocks) {
    const lines = wrap(doc, text, CONTENT_WIDTH, style);
    drawLines(doc, lines, MARGIN_X, cursor.y, style);
    cursor.advance(lines.length * lineHeight(style) + after);
  }
  cursor.advance(2.5);
  drawRule(doc, cursor.y, COLOURS.brand, 0.5);
  cursor.advance(1);
}

/** The line that starts each page after the first, so a loose page still says what it is. */
function drawRunningHeader(doc: jsPDF, report: CalculatorReport): number {
  const style = STYLES.small;
  const [line = ''] = wrap(doc, `${report.siteName} · ${report.title}`, CONTENT_WIDTH, style);
  drawLines(doc, [line], MARGIN_X, CONTENT_TOP, style);
  const ruleY = CONTENT_TOP + lineHeight(style) + 1;
  drawRule(doc, ruleY);
  return ruleY + 3;
}

function drawParagraphs(doc: jsPDF, cursor: PageCursor, section: ParagraphsSection): void {
  const style = STYLES.body;
  const step = lineHeight(style);
  const paragraphs = section.paragraphs.map((text) => wrap(doc, text, CONTENT_WIDTH, style));
  // The heading stays with the first two lines (or the only one).
  drawHeading(doc, cursor, section.heading, Math.min(2, paragraphs[0]?.length ?? 0) * step);
  paragraphs.forEach((lines, index) => {
    if (index > 0) cursor.advance(PARAGRAPH_GAP);
    for (const line of lines) {
      cursor.ensure(step);
      drawLines(doc, [line], MARGIN_X, cursor.y, style);
      cursor.advance(step);
    }
  });
}

function drawSection(doc: jsPDF, cursor: PageCursor, section: ReportSection): void {
  switch (section.kind) {
    case 'pairs':
      drawPairs(doc, cursor, section);
      return;
    case 'paragraphs':
      drawParagraphs(doc, cursor, section);
      return;
    case 'table':
      drawTable(doc, cursor, section);
      return;
    case 'chart':
      drawChart(doc, cursor, section);
      return;
  }
}

/** The notice in a tinted box with an accent bar, whole on one page whenever it fits one. */
function drawNotice(doc: jsPDF, cursor: PageCursor, notice: string): void {
  const style = STYLES.body;
  const step = lineHeight(style);
  const textX = MARGIN_X + NOTICE_BAR + NOTICE_PADDING;
  const lines = wrap(doc, notice, CONTENT_WIDTH - NOTICE_BAR - 2 * NOTICE_PADDING, style);
  cursor.advance(8);
  cursor.ensure(lines.length * step + 2 * NOTICE_PADDING);
  // Should it not fit on a page, the box is drawn piece by piece, one piece per page.
  let index = 0;
  while (index < lines.length) {
    cursor.ensure(step + 2 * NOTICE_PADDING);
    const fitting = Math.max(1, Math.floor((cursor.remaining - 2 * NOTICE_PADDING) / step));
    const piece = lines.slice(index, index + fitting);
    const height = piece.length * step + 2 * NOTICE_PADDING;
    doc.setFillColor(...COLOURS.stripe);
    doc.rect(MARGIN_X, cursor.y, CONTENT_WIDTH, height, 'F');
    doc.setFillColor(...COLOURS.accent);
    doc.rect(MARGIN_X, cursor.y, NOTICE_BAR, height, 'F');
    drawLines(doc, piece, textX, cursor.y + NOTICE_PADDING, style);
    cursor.advance(height);
    index += piece.length;
  }
}

/** "Blockademia · Page 1 sur 2" on every page, once the number of pages is known. */
function drawFooters(doc: jsPDF, report: CalculatorReport): void {
  const total = doc.getNumberOfPages();
  for (let page = 1; page <= total; page += 1) {
    doc.setPage(page);
    drawRule(doc, PAGE_HEIGHT - 15);
    const text = `${report.siteName} · ${report.pageLabel(page, total)}`;
    applyStyle(doc, STYLES.footer);
    doc.text(text, (PAGE_WIDTH - doc.getTextWidth(text)) / 2, FOOTER_BASELINE);
  }
}

export async function buildReport(report: CalculatorReport): Promise<Uint8Array> {
  const [{ jsPDF: JsPdf }, { loadReportFonts }] = await Promise.all([
    import('jspdf'),
    import('./reportFonts'),
  ]);
  const fonts = await loadReportFonts();
  const doc = new JsPdf({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  for (const font of fonts) {
    doc.addFileToVFS(font.fileName, font.data);
    // Identity-H: glyphs addressed by id, so any character of the font can be shown, not only
    // the 256 of a single-byte encoding.
    doc.addFont(font.fileName, FONT_FAMILY, font.style, undefined, 'Identity-H');
  }
  doc.setDocumentProperties({
    title: report.title,
    author: report.siteName,
    creator: report.siteName,
  });
  doc.setLanguage(report.language);

  const cursor = new PageCursor(doc, (page) => drawRunningHeader(page, report));
  drawTitleBlock(doc, cursor, report);
  for (const section of report.sections) drawSection(doc, cursor, section);
  drawNotice(doc, cursor, report.notice);
  drawFooters(doc, report);
  return new Uint8Array(doc.output('arraybuffer'));
}
