import { useId, useMemo } from 'react';
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
import { LineChart } from './LineChart';
import { NumberField } from './NumberField';
import { Figures, ResultPanel } from './ResultPanel';
import { useCalculatorFields } from './useCalculatorFields';
import { useFieldError } from './useFieldError';

/** The year-by-year table: the chart's accessible equivalent, and its exact figures. */
function YearTable({ result, language }: { result: DcaResult; language: CalculatorLanguage }) {
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
            <th scope="col">{t('dca.column.year')}</th>
            <th scope="col">{t('dca.column.months')}</th>
            <th scope="col">{t('dca.column.invested')}</th>
            <th scope="col">{t('dca.column.value')}</th>
          </tr>
        </thead>
        <tbody>
          {result.byYear.map((row) => (
            <tr key={row.year}>
              <th scope="row">{formatNumber(row.year, language)}</th>
              <td>{formatNumber(row.months, language)}</td>
              <td>{formatUsd(row.investedUsd, language)}</td>
              <td>{formatUsd(row.valueUsd, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DcaChart({ result, language }: { result: DcaResult; language: CalculatorLanguage }) {
  const { t } = useTranslation('tools');
  const months = result.byMonth.length - 1;
  const highest = Math.max(result.totalInvestedUsd, ...result.byMonth.map((p) => p.valueUsd));
  const yAxis = valueAxis(0, highest);
  const digits = significantDigits(yAxis);
  return (
    <LineChart
      title={t('dca.chartTitle')}
      summary={t('dca.chartSummary', {
        duration: formatDuration(months, 'months', language),
        investedFrom: formatUsd(0, language),
        investedTo: formatUsd(result.totalInvestedUsd, language),
        valueFrom: formatUsd(0, language),
        valueTo: formatUsd(result.finalValueUsd, language),
      })}
      xs={result.byMonth.map((point) => point.month)}
      lines={[
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
      ]}
      xAxis={timeAxis(0, months, { whole: true, group: 12 })}
      yAxis={yAxis}
      xTitle={t('units.months')}
      formatX={(value) => formatNumber(value, language)}
      formatY={(value) => formatUsdAxis(value, digits, language)}
    />
  );
}

/** The same amount every month at an assumed yearly return: totals, a chart and a table. */
export function DcaCalculator() {
  const { t } = useTranslation('tools');
  const { texts, language, setText } = useCalculatorFields('dca');
  const fieldError = useFieldError();
  const check = useMemo(() => checkDcaInput(texts, language), [texts, language]);
  const outcome = useMemo(() => (check.ok ? calculateDca(check.input) : null), [check]);
  const errors = check.ok ? {} : check.errors;

  return (
    <CalculatorSection
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
      >
        {outcome?.ok === true && (
          <>
            <Figures
              figures={[
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
              ]}
            />
            <DcaChart result={outcome.result} language={language} />
            <YearTable result={outcome.result} language={language} />
          </>
        )}
      </ResultPanel>
    </CalculatorSection>
  );
}
