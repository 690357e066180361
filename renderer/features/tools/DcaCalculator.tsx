import { useId, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  calculateDca,
  checkDcaInput,
  DCA_LIMITS,
  type DcaResult,
} from '../../../shared/calculators/dca';
import type { CalculatorLanguage } from '../../../shared/calculators/parseNumberInput';
import { CalculatorSection } from './CalculatorSection';
import { significantDigits, timeAxis, valueAxis } from './chartScale';
import { formatDuration, formatNumber, formatUsd, formatUsdAxis } from './format';
import { ExportPdf } from './ExportPdf';
import { LineChart, type LineChartProps } from './LineChart';
import { NumberField } from './NumberField';
import { chartSection, pairsSection } from './reportSections';
import { Figures, ResultPanel, type Figure } from './ResultPanel';
import { useCalculatorFields } from './useCalculatorFields';
import { useFieldError } from './useFieldError';
import { useReportFrame } from './useReportFrame';

/** The year-by-year figures, as the table on screen and the PDF both print them. */
function yearRows(result: DcaResult, language: CalculatorLanguage): string[][] {
  return result.byYear.map((row) => [
    formatNumber(row.year, language),
    formatNumber(row.months, language),
    formatUsd(row.investedUsd, language),
    formatUsd(row.valueUsd, language),
  ]);
}

const YEAR_COLUMNS = ['year', 'months', 'invested', 'value'] as const;

/** The year-by-year table: the chart's accessible equivalent, and its exact figures. */
function YearTable({ rows }: { rows: readonly (readonly string[])[] }) {
  const { t } = useTranslation('tools');
  const captionId = useId();
  return (
    // Focusable so that a keyboard can scroll it when a long plan's figures overflow a phone.
    <div className="tools-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="tools-table">
        <caption id={captionId} className="tools-table__caption">
          {t('dca.tableCaption')}
        </caption>
        <thead>
          <tr>
            {YEAR_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`dca.column.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([year, ...figures]) => (
            <tr key={year}>
              <th scope="row">{year}</th>
              {figures.map((figure, index) => (
                <td key={YEAR_COLUMNS[index + 1]}>{figure}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Invested versus value, month by month: on screen and in the PDF. */
function dcaChart(
  result: DcaResult,
  language: CalculatorLanguage,
  t: TFunction<'tools'>,
): LineChartProps {
  const months = result.byMonth.length - 1;
  const highest = Math.max(result.totalInvestedUsd, ...result.byMonth.map((p) => p.valueUsd));
  const yAxis = valueAxis(0, highest);
  const digits = significantDigits(yAxis);
  return {
    title: t('dca.chartTitle'),
    summary: t('dca.chartSummary', {
      duration: formatDuration(months, 'months', language),
      investedFrom: formatUsd(0, language),
      investedTo: formatUsd(result.totalInvestedUsd, language),
      valueFrom: formatUsd(0, language),
      valueTo: formatUsd(result.finalValueUsd, language),
    }),
    xs: result.byMonth.map((point) => point.month),
    lines: [
      {
        key: 'value',
        label: t('dca.column.value'),
        values: result.byMonth.map((point) => point.valueUsd),
        tone: 'primary',
      },
      {
        key: 'invested',
        label: t('dca.column.invested'),
        values: result.byMonth.map((point) => point.investedUsd),
        tone: 'secondary',
      },
    ],
    xAxis: timeAxis(0, months, { whole: true, group: 12 }),
    yAxis,
    xTitle: t('units.months'),
    formatX: (value) => formatNumber(value, language),
    formatY: (value) => formatUsdAxis(value, digits, language),
  };
}

/** The same amount every month at an assumed yearly return: totals, a chart and a table. */
export function DcaCalculator() {
  const { t } = useTranslation('tools');
  const { texts, language, setText, flush } = useCalculatorFields('dca');
  const fieldError = useFieldError();
  const check = useMemo(() => checkDcaInput(texts, language), [texts, language]);
  const outcome = useMemo(() => (check.ok ? calculateDca(check.input) : null), [check]);
  const errors = check.ok ? {} : check.errors;
  const reportFrame = useReportFrame();

  const inputs: Figure[] = [
    { key: 'amount', label: t('dca.amount'), value: texts.amount },
    { key: 'months', label: t('dca.months'), value: texts.months },
    { key: 'rate', label: t('dca.rate'), value: texts.rate },
  ];
  const shown =
    outcome?.ok === true
      ? {
          figures: [
            {
              key: 'invested',
              label: t('dca.invested'),
              value: formatUsd(outcome.result.totalInvestedUsd, language),
            },
            {
              key: 'value',
              label: t('dca.value'),
              value: formatUsd(outcome.result.finalValueUsd, language),
            },
            {
              key: 'gains',
              label: t('dca.gains'),
              value: formatUsd(outcome.result.gainsUsd, language),
            },
          ],
          chart: dcaChart(outcome.result, language, t),
          years: yearRows(outcome.result, language),
        }
      : null;
  return (
    <CalculatorSection
      onFieldsLeft={flush}
      id="dca"
      title={t('dca.title')}
      intro={t('dca.intro')}
      fields={
        <>
          <NumberField
            label={t('dca.amount')}
            value={texts.amount}
            onChange={(text) => {
              setText('amount', text);
            }}
            error={fieldError(errors.amount, 'usd', DCA_LIMITS.amount)}
          />
          <NumberField
            label={t('dca.months')}
            value={texts.months}
            onChange={(text) => {
              setText('months', text);
            }}
            error={fieldError(errors.months, 'months', DCA_LIMITS.months)}
          />
          <NumberField
            label={t('dca.rate')}
            value={texts.rate}
            onChange={(text) => {
              setText('rate', text);
            }}
            hint={t('dca.rateHint')}
            error={fieldError(errors.rate, 'percent', DCA_LIMITS.rate)}
          />
        </>
      }
    >
      <ResultPanel
        problem={outcome === null ? 'invalid' : outcome.ok ? null : 'tooLarge'}
        convention={t('dca.convention')}
        actions={
          shown && (
            <ExportPdf
              // A new calculation starts without the last export's message, which was about
              // other figures.
              key={Object.values(texts).join('\n')}
              calculator="dca"
              report={() =>
                reportFrame(t('dca.title'), [
                  pairsSection(t('pdf.inputs'), inputs),
                  pairsSection(t('result.title'), shown.figures),
                  chartSection(shown.chart),
                  {
                    kind: 'table',
                    heading: t('dca.tableCaption'),
                    columns: YEAR_COLUMNS.map((column) => t(`dca.column.${column}`)),
                    rows: shown.years,
                    numericColumns: [0, 1, 2, 3],
                  },
                  {
                    kind: 'paragraphs',
                    heading: t('pdf.conventions'),
                    paragraphs: [t('dca.intro'), t('dca.convention')],
                  },
                ])
              }
            />
          )
        }
      >
        {shown && (
          <>
            <Figures figures={shown.figures} />
            <LineChart {...shown.chart} />
            <YearTable rows={shown.years} />
          </>
        )}
      </ResultPanel>
    </CalculatorSection>
  );
}
