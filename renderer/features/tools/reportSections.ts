import type { ChartSection, PairsSection, ReportAxis } from '../pdf/report';
import type { Axis } from './chartScale';
import type { LineChartProps } from './LineChart';
import type { Figure } from './ResultPanel';

// The pieces of a calculator's PDF report, made from what the screen shows: the same figures,
// the same chart, formatted by the same functions, so the two never differ by a character.

/** A labelled list: the fields as typed, or the result's figures with their notes. */
export function pairsSection(heading: string, figures: readonly Figure[]): PairsSection {
  return {
    kind: 'pairs',
    heading,
    rows: figures.flatMap((figure) => [
      { label: figure.label, value: figure.value },
      ...(figure.note === undefined ? [] : [{ label: '', value: figure.note }]),
    ]),
  };
}

function reportAxis(axis: Axis, format: (value: number) => string, title?: string): ReportAxis {
  return {
    min: axis.min,
    max: axis.max,
    ticks: axis.ticks.map((value) => ({ value, label: format(value) })),
    ...(title === undefined ? {} : { title }),
  };
}

/** The chart on screen, for the report. */
export function chartSection(chart: LineChartProps): ChartSection {
  return {
    kind: 'chart',
    heading: chart.title,
    xAxis: reportAxis(chart.xAxis, chart.formatX, chart.xTitle),
    yAxis: reportAxis(chart.yAxis, chart.formatY),
    series: chart.lines.map((line) => ({
      label: line.label,
      points: chart.xs.map((x, index) => ({ x, y: line.values[index] ?? 0 })),
    })),
    summary: chart.summary,
  };
}
