import { share, plotPoints, type Axis } from './chartScale';

export interface ChartLine {
  key: string;
  label: string;
  /** One value per x, in the same order. */
  values: readonly number[];
  /** The first line is solid in the brand colour, the second dashed in the accent colour. */
  tone: 'primary' | 'secondary';
}

/** A chart as the screen draws it; the PDF report draws the same one (reportSections.ts). */
export interface LineChartProps {
  title: string;
  summary: string;
  xs: readonly number[];
  lines: readonly ChartLine[];
  xAxis: Axis;
  yAxis: Axis;
  xTitle: string;
  formatX: (value: number) => string;
  formatY: (value: number) => string;
}

/** Where a label sits along an axis: the ends are aligned inwards so they never overflow. */
function alignment(position: number): 'start' | 'middle' | 'end' {
  if (position <= 0.02) return 'start';
  if (position >= 0.98) return 'end';
  return 'middle';
}

/**
 * A small line chart, drawn without a chart library to keep the bundle light. The plot is an
 * SVG stretched to its box (lines keep their width whatever the stretch) and the axis labels
 * are HTML around it, so the text stays legible at 375px and at 1440px alike. The picture is
 * one image named by `summary`; the labels are hidden from assistive technologies, which read
 * the summary (and the table, where there is one) instead.
 */
export function LineChart({
  title,
  summary,
  xs,
  lines,
  xAxis,
  yAxis,
  xTitle,
  formatX,
  formatY,
}: LineChartProps) {
  const yLabels = yAxis.ticks.map((tick) => ({ tick, text: formatY(tick) }));
  const labelWidth = Math.max(...yLabels.map(({ text }) => text.length), 1);
  return (
    <figure className="line-chart">
      <figcaption className="line-chart__title">{title}</figcaption>
      <div className="line-chart__body">
        <div className="line-chart__y-axis" aria-hidden="true" style={{ width: `${labelWidth}ch` }}>
          {yLabels.map(({ tick, text }) => (
            <span
              key={tick}
              className="line-chart__y-label"
              style={{ top: `${(100 * (1 - share(tick, yAxis))).toFixed(2)}%` }}
            >
              {text}
            </span>
          ))}
        </div>
        <div className="line-chart__plot">
          <svg
            className="line-chart__svg"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            role="img"
            aria-label={summary}
          >
            {yAxis.ticks.map((tick) => {
              const y = (100 * (1 - share(tick, yAxis))).toFixed(2);
              return (
                <line
                  key={tick}
                  className="line-chart__grid"
                  x1="0"
                  x2="100"
                  y1={y}
                  y2={y}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
            {lines.map((line) => (
              <polyline
                key={line.key}
                className={`line-chart__line line-chart__line--${line.tone}`}
                points={plotPoints(xs, line.values, xAxis, yAxis)}
                fill="none"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          <div className="line-chart__x-axis" aria-hidden="true">
            {xAxis.ticks.map((tick) => {
              const position = share(tick, xAxis);
              return (
                <span
                  key={tick}
                  className={`line-chart__x-label line-chart__x-label--${alignment(position)}`}
                  style={{ left: `${(100 * position).toFixed(2)}%` }}
                >
                  {formatX(tick)}
                </span>
              );
            })}
          </div>
          <p className="line-chart__x-title" aria-hidden="true">
            {xTitle}
          </p>
        </div>
      </div>
      <ul className="line-chart__legend">
        {lines.map((line) => (
          <li key={line.key} className="line-chart__legend-item">
            <span
              className={`line-chart__swatch line-chart__swatch--${line.tone}`}
              aria-hidden="true"
            />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
