import type { jsPDF } from 'jspdf';

// The report's page grid, type and colours, and the cursor that walks down the pages. Lengths
// are in millimetres (the document's unit), font sizes in points.

export const FONT_FAMILY = 'NotoSans';

export const PAGE_WIDTH = 210;
export const PAGE_HEIGHT = 297;
export const MARGIN_X = 18;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
export const CONTENT_TOP = 18;
/** Below this, only the footer. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - 20;
export const FOOTER_BASELINE = PAGE_HEIGHT - 10;

const POINT = 25.4 / 72;
const LINE_HEIGHT_FACTOR = 1.35;
/** Where the baseline sits inside a line box, in ems: Noto Sans's ascender nearly fills it. */
const BASELINE_FACTOR = 1.02;

export type Rgb = readonly [number, number, number];

// The site's light theme (renderer/styles/global.css): --brand and --accent, and a dark grey for
// text that prints well in black and white.
export const COLOURS = {
  text: [31, 41, 55],
  muted: [88, 96, 108],
  brand: [79, 70, 229],
  accent: [13, 148, 136],
  rule: [203, 208, 216],
  headerFill: [236, 238, 253],
  stripe: [246, 247, 249],
} as const satisfies Record<string, Rgb>;

export interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: Rgb;
}

export const STYLES = {
  siteName: { size: 11, bold: true, colour: COLOURS.brand },
  title: { size: 20, bold: true },
  meta: { size: 9.5, colour: COLOURS.muted },
  heading: { size: 13, bold: true, colour: COLOURS.brand },
  body: { size: 10 },
  bodyBold: { size: 10, bold: true },
  small: { size: 8.5, colour: COLOURS.muted },
  footer: { size: 8.5, colour: COLOURS.muted },
} as const satisfies Record<string, TextStyle>;

export function applyStyle(doc: jsPDF, style: TextStyle): void {
  doc.setFont(FONT_FAMILY, style.bold === true ? 'bold' : 'normal');
  doc.setFontSize(style.size);
  doc.setTextColor(...(style.colour ?? COLOURS.text));
}

export function lineHeight(style: TextStyle): number {
  return style.size * POINT * LINE_HEIGHT_FACTOR;
}

/** The baseline of a line whose box starts at `top`. */
export function baseline(style: TextStyle, top: number): number {
  return top + style.size * POINT * BASELINE_FACTOR;
}

/** `text` cut into lines no wider than `width` in `style`; never an empty list. */
export function wrap(doc: jsPDF, text: string, width: number, style: TextStyle): string[] {
  applyStyle(doc, style);
  // jsPDF types the result as any; it is a string array for a string input.
  const lines: unknown = doc.splitTextToSize(text, width);
  const list = Array.isArray(lines) ? lines.map(String) : [String(lines)];
  return list.length > 0 ? list : [''];
}

export function textWidth(doc: jsPDF, text: string, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.getTextWidth(text);
}

/** Lines of text from `top`, each starting at `x` or, with `right`, ending at it. */
export function drawLines(
  doc: jsPDF,
  lines: readonly string[],
  x: number,
  top: number,
  style: TextStyle,
  align: 'left' | 'right' = 'left',
): void {
  applyStyle(doc, style);
  const step = lineHeight(style);
  lines.forEach((line, index) => {
    // Right alignment computed here rather than by jsPDF's `align`, which also re-wraps text.
    const start = align === 'right' ? x - doc.getTextWidth(line) : x;
    doc.text(line, start, baseline(style, top + index * step));
  });
}

/**
 * Where the next block goes. A block that does not fit in what is left of the page starts a new
 * page, so nothing (a table row, a chart) is ever cut in two.
 */
export class PageCursor {
  y = CONTENT_TOP;
  private pageStart = CONTENT_TOP;
  private readonly doc: jsPDF;
  /** Draws what each page after the first starts with and returns where content starts. */
  private readonly startPage: (doc: jsPDF) => number;

  constructor(doc: jsPDF, startPage: (doc: jsPDF) => number) {
    this.doc = doc;
    this.startPage = startPage;
  }

  get remaining(): number {
    return CONTENT_BOTTOM - this.y;
  }

  get atPageStart(): boolean {
    return this.y <= this.pageStart;
  }

  /** Makes room for `height`; true when that took a new page. */
  ensure(height: number): boolean {
    // A block taller than a whole page cannot be saved by a page break: it is drawn where it is.
    if (height <= this.remaining || this.atPageStart) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.startPage(this.doc);
    this.pageStart = this.y;
  }

  advance(height: number): void {
    this.y += height;
  }
}

const SECTION_GAP = 7;
const HEADING_GAP = 2.5;

/** A section's heading, kept on the same page as the `keepWith` millimetres that follow it. */
export function drawHeading(doc: jsPDF, cursor: PageCursor, text: string, keepWith: number): void {
  const lines = wrap(doc, text, CONTENT_WIDTH, STYLES.heading);
  const height = lines.length * lineHeight(STYLES.heading) + HEADING_GAP;
  if (!cursor.atPageStart) cursor.advance(SECTION_GAP);
  cursor.ensure(height + keepWith);
  drawLines(doc, lines, MARGIN_X, cursor.y, STYLES.heading);
  cursor.advance(height);
}

export function drawRule(doc: jsPDF, y: number, colour: Rgb = COLOURS.rule, width = 0.2): void {
  doc.setDrawColor(...colour);
  doc.setLineWidth(width);
  doc.line(MARGIN_X, y, MARGIN_X + CONTENT_WIDTH, y);
}
