import type { jsPDF } from 'jspdf';
import {
  COLOURS,
  CONTENT_WIDTH,
  MARGIN_X,
  STYLES,
  drawHeading,
  drawLines,
  drawRule,
  lineHeight,
  textWidth,
  wrap,
  type PageCursor,
  type TextStyle,
} from './pageLayout';
import type { PairsSection, TableSection } from './report';

// Tables, and the label–value lists drawn as two-column tables. A row is never cut: one that
// does not fit starts a new page, where a table first repeats its header row.

const CELL_PADDING_X = 2;
const CELL_PADDING_Y = 1.6;
/** The share of the width a pair's label gets; the value, right-aligned, has the rest. */
const PAIR_LABEL_SHARE = 0.6;

interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}

interface Row {
  cells: string[][];
  height: number;
}

function layoutRow(
  doc: jsPDF,
  cells: readonly string[],
  columns: readonly Column[],
  style: TextStyle,
): Row {
  const wrapped = columns.map((column, index) =>
    wrap(doc, cells[index] ?? '', column.width - 2 * CELL_PADDING_X, style),
  );
  const lineCount = Math.max(1, ...wrapped.map((lines) => lines.length));
  return { cells: wrapped, height: lineCount * lineHeight(style) + 2 * CELL_PADDING_Y };
}

function drawRow(
  doc: jsPDF,
  top: number,
  row: Row,
  columns: readonly Column[],
  style: TextStyle,
  fill?: readonly [number, number, number],
): void {
  if (fill !== undefined) {
    doc.setFillColor(...fill);
    doc.rect(MARGIN_X, top, CONTENT_WIDTH, row.height, 'F');
  }
  columns.forEach((column, index) => {
    const x =
      column.align === 'right'
        ? column.x + column.width - CELL_PADDING_X
        : column.x + CELL_PADDING_X;
    drawLines(doc, row.cells[index] ?? [], x, top + CELL_PADDING_Y, style, column.align);
  });
  drawRule(doc, top + row.height);
}

/**
 * Each column as wide as its widest cell, the spare width shared out evenly. When the table is
 * too wide, the text columns give up width (and wrap) before the figures, which would otherwise
 * break in the middle of a number.
 */
function tableColumns(doc: jsPDF, section: TableSection): Column[] {
  const numeric = new Set(section.numericColumns ?? []);
  const natural = section.columns.map(
    (header, index) =>
      Math.max(
        textWidth(doc, header, STYLES.bodyBold),
        ...section.rows.map((row) => textWidth(doc, row[index] ?? '', STYLES.body)),
      ) +
      2 * CELL_PADDING_X,
  );
  const total = natural.reduce((sum, width) => sum + width, 0);
  let widths: number[];
  if (total <= CONTENT_WIDTH) {
    const spare = (CONTENT_WIDTH - total) / Math.max(1, natural.length);
    widths = natural.map((width) => width + spare);
  } else {
    const fixed = natural.reduce((sum, width, index) => sum + (numeric.has(index) ? width : 0), 0);
    const flexible = total - fixed;
    const textScale =
      flexible > 0 && fixed < CONTENT_WIDTH ? (CONTENT_WIDTH - fixed) / flexible : 0;
    widths =
      textScale > 0
        ? natural.map((width, index) => (numeric.has(index) ? width : width * textScale))
        : natural.map((width) => (width * CONTENT_WIDTH) / total);
  }
  let x = MARGIN_X;
  return widths.map((width, index) => {
    const column: Column = { x, width, align: numeric.has(index) ? 'right' : 'left' };
    x += width;
    return column;
  });
}

export function drawTable(doc: jsPDF, cursor: PageCursor, section: TableSection): void {
  const columns = tableColumns(doc, section);
  const header = layoutRow(doc, section.columns, columns, STYLES.bodyBold);
  const rows = section.rows.map((cells) => layoutRow(doc, cells, columns, STYLES.body));
  const drawHeader = (): void => {
    drawRow(doc, cursor.y, header, columns, STYLES.bodyBold, COLOURS.headerFill);
    cursor.advance(header.height);
  };
  drawHeading(doc, cursor, section.heading, header.height + (rows[0]?.height ?? 0));
  drawHeader();
  rows.forEach((row, index) => {
    if (cursor.ensure(row.height)) drawHeader();
    drawRow(doc, cursor.y, row, columns, STYLES.body, index % 2 === 1 ? COLOURS.stripe : undefined);
    cursor.advance(row.height);
  });
}

export function drawPairs(doc: jsPDF, cursor: PageCursor, section: PairsSection): void {
  const labelWidth = CONTENT_WIDTH * PAIR_LABEL_SHARE - 2 * CELL_PADDING_X;
  const valueWidth = CONTENT_WIDTH * (1 - PAIR_LABEL_SHARE) - 2 * CELL_PADDING_X;
  const rows = section.rows.map((pair) => {
    const label = wrap(doc, pair.label, labelWidth, STYLES.body);
    const value = wrap(doc, pair.value, valueWidth, STYLES.bodyBold);
    const height =
      Math.max(label.length * lineHeight(STYLES.body), value.length * lineHeight(STYLES.bodyBold)) +
      2 * CELL_PADDING_Y;
    return { label, value, height };
  });
  drawHeading(doc, cursor, section.heading, rows[0]?.height ?? 0);
  drawRule(doc, cursor.y);
  for (const { label, value, height } of rows) {
    if (cursor.ensure(height)) drawRule(doc, cursor.y);
    const top = cursor.y + CELL_PADDING_Y;
    drawLines(doc, label, MARGIN_X + CELL_PADDING_X, top, STYLES.body);
    drawLines(doc, value, MARGIN_X + CONTENT_WIDTH - CELL_PADDING_X, top, STYLES.bodyBold, 'right');
    drawRule(doc, cursor.y + height);
    cursor.advance(height);
  }
}
