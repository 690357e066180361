import { useId, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  durationLimits,
  type CalculatorLanguage,
  type Duration,
} from '../../../shared/calculators/parseNumberInput';
import {
  calculateStaking,
  checkStakingInput,
  COMPOUNDING_CHOICES,
  STAKING_APY_FLAG,
  STAKING_LIMITS,
  type StakingResult,
} from '../../../shared/calculators/staking';
import { CalculatorSection } from './CalculatorSection';
import { significantDigits, timeAxis, valueAxis } from './chartScale';
import { ChoiceField } from './ChoiceField';
import { durationUnitOf, useDurationChoices } from './durationChoices';
import {
  formatAmount,
  formatDuration,
  formatNumber,
  formatNumberAxis,
  formatPercent,
} from './format';
import { ExportPdf } from './ExportPdf';
import { LineChart, type LineChartProps } from './LineChart';
import { NumberField } from './NumberField';
import { chartSection, pairsSection } from './reportSections';
import { Figures, ResultPanel, type Figure } from './ResultPanel';
import { useCalculatorFields } from './useCalculatorFields';
import { useFieldError } from './useFieldError';
import { useReportFrame } from './useReportFrame';

/** The balance over the staking period: on screen and in the PDF. */
function balanceChart(
  result: StakingResult,
  amount: number,
  duration: Duration,
  language: CalculatorLanguage,
  t: TFunction<'tools'>,
): LineChartProps {
  const yAxis = valueAxis(amount, result.finalAmount);
  const digits = significantDigits(yAxis);
  return {
    title: t('staking.chartTitle'),
    summary: t('staking.chartSummary', {
      duration: formatDuration(duration.value, duration.unit, language),
      start: formatAmount(amount, language),
      end: formatAmount(result.finalAmount, language),
    }),
    xs: result.series.map((point) => point.elapsed),
    lines: [
      {
        key: 'balance',
        label: t('staking.balance'),
        values: result.series.map((point) => point.balance),
        tone: 'primary',
      },
    ],
    xAxis: timeAxis(0, duration.value),
    yAxis,
    xTitle: t(`units.${duration.unit}`),
    formatX: (value) => formatNumber(value, language),
    formatY: (value) => formatNumberAxis(value, digits, language),
  };
}

/** APR and APY in two sentences: the mix-up this calculator is there to clear. */
function AprApyExplainer() {
  const { t } = useTranslation('tools');
  const titleId = useId();
  return (
    <section className="tools-explainer" aria-labelledby={titleId}>
      <h3 id={titleId} className="tools-explainer__title">
        {t('staking.aprApyTitle')}
      </h3>
      <p>{t('staking.aprApy')}</p>
    </section>
  );
}

/** Rewards that earn rewards: the rate read as an APR compounded as chosen, or as an APY. */
export function StakingCalculator() {
  const { t } = useTranslation('tools');
  const { texts, language, setText, flush } = useCalculatorFields('staking');
  const fieldError = useFieldError();
  const durationChoices = useDurationChoices();
  const check = useMemo(() => checkStakingInput(texts, language), [texts, language]);
  const outcome = useMemo(() => (check.ok ? calculateStaking(check.input) : null), [check]);
  const errors = check.ok ? {} : check.errors;
  const unit = durationUnitOf(texts.durationUnit);
  const rateIsApy = texts.apy === STAKING_APY_FLAG;
  const apyBoxId = useId();
  const reportFrame = useReportFrame();
  const compoundingChoices = COMPOUNDING_CHOICES.map((choice) => ({
    value: choice,
    label: t(`staking.compoundingChoice.${choice}`),
  }));
  const inputs: Figure[] = [
    { key: 'amount', label: t('staking.amount'), value: texts.amount },
    { key: 'rate', label: t('staking.rate'), value: texts.rate },
    { key: 'duration', label: t('staking.duration'), value: texts.duration },
    {
      key: 'durationUnit',
      label: t('staking.durationUnit'),
      value: durationChoices.find((choice) => choice.value === unit)?.label ?? '',
    },
    {
      key: 'compounding',
      label: t('staking.compounding'),
      value: compoundingChoices.find((choice) => choice.value === texts.compounding)?.label ?? '',
    },
    { key: 'apy', label: t('staking.apy'), value: t(rateIsApy ? 'pdf.yes' : 'pdf.no') },
  ];
  const chart =
    outcome?.ok === true && check.ok
      ? balanceChart(outcome.result, check.input.amount, check.input.duration, language, t)
      : null;
  const convention = t(rateIsApy ? 'staking.conventionApy' : 'staking.conventionApr');

  let figures: Figure[] = [];
  if (outcome?.ok === true) {
    const { result } = outcome;
    figures = [
      {
        key: 'final',
        label: t('staking.finalAmount'),
        value: formatAmount(result.finalAmount, language),
      },
      {
        key: 'rewards',
        label: t('staking.rewards'),
        value: formatAmount(result.totalRewards, language),
      },
      {
        key: 'apy',
        label: t('staking.effectiveApy'),
        value: formatPercent(result.effectiveApyPercent, language),
      },
    ];
    if (result.equivalentAprPercent !== null) {
      figures.push({
        key: 'apr',
        label: t('staking.equivalentApr'),
        value: formatPercent(result.equivalentAprPercent, language),
      });
    }
  }

  return (
    <CalculatorSection
      onFieldsLeft={flush}
      id="staking"
      title={t('staking.title')}
      intro={t('staking.intro')}
      fields={
        <>
          <NumberField
            label={t('staking.amount')}
            value={texts.amount}
            onChange={(text) => {
              setText('amount', text);
            }}
            error={fieldError(errors.amount, 'amount', STAKING_LIMITS.amount)}
          />
          <NumberField
            label={t('staking.rate')}
            value={texts.rate}
            onChange={(text) => {
              setText('rate', text);
            }}
            error={fieldError(errors.rate, 'percent', STAKING_LIMITS.rate)}
          />
          <NumberField
            label={t('staking.duration')}
            value={texts.duration}
            onChange={(text) => {
              setText('duration', text);
            }}
            error={fieldError(errors.duration, unit, durationLimits(unit))}
          />
          <ChoiceField
            label={t('staking.durationUnit')}
            value={texts.durationUnit}
            choices={durationChoices}
            onChange={(choice) => {
              setText('durationUnit', choice);
            }}
          />
          <ChoiceField
            label={t('staking.compounding')}
            value={texts.compounding}
            choices={compoundingChoices}
            onChange={(choice) => {
              setText('compounding', choice);
            }}
            hint={rateIsApy ? t('staking.apyHint') : undefined}
          />
          <div className="tools-field tools-field--check">
            <input
              id={apyBoxId}
              type="checkbox"
              className="tools-field__checkbox"
              checked={rateIsApy}
              onChange={(event) => {
                setText('apy', event.target.checked ? STAKING_APY_FLAG : '');
              }}
            />
            <label htmlFor={apyBoxId}>{t('staking.apy')}</label>
          </div>
        </>
      }
    >
      <ResultPanel
        problem={outcome === null ? 'invalid' : outcome.ok ? null : 'tooLarge'}
        convention={convention}
        actions={
          chart && (
            <ExportPdf
              // A new calculation starts without the last export's message, which was about
              // other figures.
              key={Object.values(texts).join('\n')}
              calculator="staking"
              report={() =>
                reportFrame(t('staking.title'), [
                  pairsSection(t('pdf.inputs'), inputs),
                  pairsSection(t('result.title'), figures),
                  chartSection(chart),
                  {
                    kind: 'paragraphs',
                    heading: t('pdf.conventions'),
                    paragraphs: [t('staking.intro'), convention],
                  },
                  {
                    kind: 'paragraphs',
                    heading: t('staking.aprApyTitle'),
                    paragraphs: [t('staking.aprApy')],
                  },
                ])
              }
            />
          )
        }
      >
        {chart && (
          <>
            <Figures figures={figures} />
            <LineChart {...chart} />
          </>
        )}
      </ResultPanel>
      <AprApyExplainer />
    </CalculatorSection>
  );
}
