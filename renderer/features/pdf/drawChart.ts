import type { jsPDF } from 'jspdf';
import {
  COLOURS,
  CONTENT_WIDTH,
  MARGIN_X,
  STYLES,
  drawHeading,
  drawLines,
  lineHeight,
  textWidth,
  wrap,
  type PageCursor,
  type Rgb,
} from './pageLayout';
import type { ChartSection, ReportAxis } from './report';

// A line chart drawn with jsPDF's own lines, as the screen draws its chart without a library:
// the legend, the plot with its grid and the axes' labels form one block that is never cut by a
// page break; the summary follows as text.

const PLOT_HEIGHT = 70;
const TICK_LENGTH = 1.2;
const LABEL_GAP = 2;
const LEGEND_SAMPLE = 8;
const LEGEND_GAP = 2;
const LEGEND_SPACING = 7;
const LINE_WIDTH = 0.6;

// Dashed as well as coloured, as on screen, so the lines differ in black and white too.
const SERIES_STYLES: readonly { colour: Rgb; dash: number[] }[] = [
  { colour: COLOURS.brand, dash: [] },
  { colour: COLOURS.accent, dash: [2.2, 1.3] },
  { colour: [180, 83, 9], dash: [0.7, 1] },
  { colour: COLOURS.muted, dash: [3, 1.2, 0.7, 1.2] },
];

function seriesStyle(index: number): { colour: Rgb; dash: number[] } {
  return SERIES_STYLES[index % SERIES_STYLES.length] ?? { colour: COLOURS.text, dash: [] };
}

/** Where a value falls along an axis, from 0 (min) to 1 (max). */
function share(value: number, axis: ReportAxis): number {
  const span = axis.max - axis.min;
  return span > 0 ? (value - axis.min) / span : 0;
}

interface LegendItem {
  label: string;
  index: number;
  width: number;
}

/** The legend's items in lines that fit the width. */
function legendLines(doc: jsPDF, section: ChartSection): LegendItem[][] {
  const lines: LegendItem[][] = [];
  let line: LegendItem[] = [];
  let used = 0;
  section.series.forEach((series, index) => {
    const width = LEGEND_SAMPLE + LEGEND_GAP + textWidth(doc, series.label, STYLES.small);
    const needed = line.length === 0 ? width : used + LEGEND_SPACING + width;
    if (line.length > 0 && needed > CONTENT_WIDTH) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used = line.length === 0 ? width : used + LEGEND_SPACING + width;
    line.push({ label: series.label, index, width });
  });
  if (line.length > 0) lines.push(line);
  return lines;
}

function strokeStyle(doc: jsPDF, colour: Rgb, dash: number[], width: number): void {
  doc.setDrawColor(...colour);
  doc.setLineWidth(width);
  doc.setLineDashPattern(dash, 0);
}

function drawLegend(doc: jsPDF, lines: readonly LegendItem[][], top: number): void {
  const step = lineHeight(STYLES.small);
  lines.forEach((line, row) => {
    const lineTop = top + row * step;
    const middle = lineTop + step / 2;
    let x = MARGIN_X;
    for (const item of line) {
      const { colour, dash } = seriesStyle(item.index);
      strokeStyle(doc, colour, dash, LINE_WIDTH);
      doc.line(x, middle, x + LEGEND_SAMPLE, middle);
      drawLines(doc, [item.label], x + LEGEND_SAMPLE + LEGEND_GAP, lineTop, STYLES.small);
      x += item.width + LEGEND_SPACING;
    }
  });
  doc.setLineDashPattern([], 0);
}

export function drawChart(doc: jsPDF, cursor: PageCursor, section: ChartSection): void {
  const small = STYLES.small;
  const step = lineHeight(small);
  const legend = legendLines(doc, section);
  const legendHeight = legend.length * step + (legend.length > 0 ? 3 : 0);
  const yLabelWidth = Math.max(
    0,
    ...section.yAxis.ticks.map((tick) => textWidth(doc, tick.label, small)),
  );
  // Half a label's height above the plot, for the top tick's label centred on the top line.
  const plotTopOffset = legendHeight + step / 2;
  const xTitle = section.xAxis.title;
  const blockHeight =
    plotTopOffset + PLOT_HEIGHT + TICK_LENGTH + 1 + step + (xTitle === undefined ? 0 : step);

  drawHeading(doc, cursor, section.heading, blockHeight);
  cursor.ensure(blockHeight);
  const top = cursor.y;
  drawLegend(doc, legend, top);

  const plotLeft = MARGIN_X + yLabelWidth + LABEL_GAP;
  const plotRight = MARGIN_X + CONTENT_WIDTH;
  const plotWidth = plotRight - plotLeft;
  const plotTop = top + plotTopOffset;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const xAt = (value: number): number => plotLeft + share(value, section.xAxis) * plotWidth;
  const yAt = (value: number): number => plotBottom - share(value, section.yAxis) * PLOT_HEIGHT;

  // Grid lines and the value axis's labels, right-aligned against the plot.
  for (const tick of section.yAxis.ticks) {
    const y = yAt(tick.value);
    strokeStyle(doc, COLOURS.rule, [], 0.15);
    doc.line(plotLeft, y, plotRight, y);
    drawLines(doc, [tick.label], plotLeft - LABEL_GAP, y - step / 2, small, 'right');
  }
  // The axes.
  strokeStyle(doc, COLOURS.muted, [], 0.3);
  doc.line(plotLeft, plotTop, plotLeft, plotBottom);
  doc.line(plotLeft, plotBottom, plotRight, plotBottom);

  // The time axis's labels; the ends are aligned inwards so they never leave the page.
  const labelTop = plotBottom + TICK_LENGTH + 1;
  for (const tick of section.xAxis.ticks) {
    const x = xAt(tick.value);
    doc.line(x, plotBottom, x, plotBottom + TICK_LENGTH);
    const position = share(tick.value, section.xAxis);
    const width = textWidth(doc, tick.label, small);
    const start = position <= 0.02 ? x : position >= 0.98 ? x - width : x - width / 2;
    drawLines(doc, [tick.label], start, labelTop, small);
  }
  if (xTitle !== undefined) {
    const width = textWidth(doc, xTitle, small);
    drawLines(doc, [xTitle], plotLeft + (plotWidth - width) / 2, labelTop + step, small);
  }

  section.series.forEach((series, index) => {
    const { colour, dash } = seriesStyle(index);
    strokeStyle(doc, colour, dash, LINE_WIDTH);
    const [first, ...rest] = series.points;
    if (first === undefined) return;
    if (rest.length === 0) {
      doc.setFillColor(...colour);
      doc.circle(xAt(first.x), yAt(first.y), LINE_WIDTH, 'F');
      return;
    }
    doc.moveTo(xAt(first.x), yAt(first.y));
    for (const point of rest) doc.lineTo(xAt(point.x), yAt(point.y));
    doc.stroke();
  });
  doc.setLineDashPattern([], 0);
  cursor.advance(blockHeight + 2);

  // The summary: what a reader of the text alone (or of a black-and-white print) needs.
  for (const line of wrap(doc, section.summary, CONTENT_WIDTH, small)) {
    cursor.ensure(step);
    drawLines(doc, [line], MARGIN_X, cursor.y, small);
    cursor.advance(step);
  }
}
