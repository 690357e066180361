import type { Language } from '../../i18n/languages';

// What a calculator's PDF report shows, already translated and formatted by the caller with the
// functions the screen uses, so the PDF repeats the screen's strings exactly. The builder lays
// them out and never formats a number nor holds a word of any language.

export interface ReportPair {
  label: string;
  value: string;
}

/** Inputs or results as a two-column list: a label and its value. */
export interface PairsSection {
  kind: 'pairs';
  heading: string;
  rows: readonly ReportPair[];
}

export interface ParagraphsSection {
  kind: 'paragraphs';
  heading: string;
  paragraphs: readonly string[];
}

export interface TableSection {
  kind: 'table';
  heading: string;
  columns: readonly string[];
  /** One string per column, in the columns' order. */
  rows: readonly (readonly string[])[];
  /** Indexes of the columns holding figures: right-aligned so their digits line up. */
  numericColumns?: readonly number[];
}

export interface ReportTick {
  /** Where the tick stands, in the axis's own unit (the same as the points'). */
  value: number;
  /** The tick's label as the screen shows it. */
  label: string;
}

/** One axis of a chart: the span it covers and its labelled ticks, as the screen's chart has. */
export interface ReportAxis {
  min: number;
  max: number;
  ticks: readonly ReportTick[];
  /** A name under the axis ("Years"), if the screen shows one. */
  title?: string;
}

export interface ReportSeries {
  label: string;
  points: readonly { x: number; y: number }[];
}

export interface ChartSection {
  kind: 'chart';
  heading: string;
  xAxis: ReportAxis;
  yAxis: ReportAxis;
  /** Drawn in order: the first solid in the brand colour, the second dashed, and so on. */
  series: readonly ReportSeries[];
  /** The chart in words, printed under it (and the only part a screen reader gets). */
  summary: string;
}

export type ReportSection = PairsSection | ParagraphsSection | TableSection | ChartSection;

export interface CalculatorReport {
  /** The document's language, for its metadata (readers and assistive technologies). */
  language: Language;
  /** 'Blockademia' */
  siteName: string;
  /** 'Calculateur DCA' */
  title: string;
  /** 'Créé le 26 novembre 2026' */
  generatedOn: string;
  /** 'Langue : français' */
  languageLine: string;
  sections: readonly ReportSection[];
  /** The not-financial-advice notice, printed in full after the last section. */
  notice: string;
  /** 'Page 1 sur 2': known only once the layout has counted the pages. */
  pageLabel: (page: number, total: number) => string;
}
