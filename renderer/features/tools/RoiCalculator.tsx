import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { durationLimits } from '../../../shared/calculators/parseNumberInput';
import { calculateRoi, checkRoiInput, ROI_LIMITS } from '../../../shared/calculators/roi';
import { ChoiceField } from './ChoiceField';
import { CalculatorSection } from './CalculatorSection';
import { durationUnitOf, useDurationChoices } from './durationChoices';
import { formatDuration, formatPercent, formatUsd } from './format';
import { ExportPdf } from './ExportPdf';
import { NumberField } from './NumberField';
import { pairsSection } from './reportSections';
import { Figures, ResultPanel, type Figure } from './ResultPanel';
import { useCalculatorFields } from './useCalculatorFields';
import { useFieldError } from './useFieldError';
import { useReportFrame } from './useReportFrame';

/** Return on investment, and the annualised return when the holding period is given. */
export function RoiCalculator() {
  const { t } = useTranslation('tools');
  const { texts, language, setText, flush } = useCalculatorFields('roi');
  const fieldError = useFieldError();
  const durationChoices = useDurationChoices();
  const check = useMemo(() => checkRoiInput(texts, language), [texts, language]);
  const errors = check.ok ? {} : check.errors;
  const unit = durationUnitOf(texts.periodUnit);
  const reportFrame = useReportFrame();
  const inputs: Figure[] = [
    { key: 'initial', label: t('roi.initial'), value: texts.initial },
    { key: 'final', label: t('roi.final'), value: texts.final },
    // A unit without a period means nothing: the report names it only with one.
    ...(texts.period.trim() === ''
      ? []
      : [
          { key: 'period', label: t('roi.period'), value: texts.period },
          {
            key: 'periodUnit',
            label: t('roi.periodUnit'),
            value: durationChoices.find((choice) => choice.value === unit)?.label ?? '',
          },
        ]),
  ];

  let figures: Figure[] = [];
  if (check.ok) {
    const result = calculateRoi(check.input);
    const { annualised } = result;
    const period = check.input.period;
    figures = [
      { key: 'profit', label: t('roi.profit'), value: formatUsd(result.profitUsd, language) },
      {
        key: 'roi',
        label: t('roi.roiPercent'),
        value: formatPercent(result.roiPercent, language),
      },
      {
        key: 'annualised',
        label: t('roi.annualised'),
        ...(annualised === null || period === null
          ? { value: t('roi.noPeriod'), muted: true }
          : annualised.percent === null
            ? { value: t('roi.annualisedTooLarge'), muted: true }
            : {
                value: formatPercent(annualised.percent, language),
                note: formatDuration(period.value, period.unit, language),
              }),
      },
    ];
  }

  return (
    <CalculatorSection
      onFieldsLeft={flush}
      id="roi"
      title={t('roi.title')}
      intro={t('roi.intro')}
      fields={
        <>
          <NumberField
            label={t('roi.initial')}
            value={texts.initial}
            onChange={(text) => {
              setText('initial', text);
            }}
            error={fieldError(errors.initial, 'usd', ROI_LIMITS.initial)}
          />
          <NumberField
            label={t('roi.final')}
            value={texts.final}
            onChange={(text) => {
              setText('final', text);
            }}
            error={fieldError(errors.final, 'usd', ROI_LIMITS.final)}
          />
          <NumberField
            label={t('roi.period')}
            value={texts.period}
            onChange={(text) => {
              setText('period', text);
            }}
            hint={t('roi.periodHint')}
            error={fieldError(errors.period, unit, durationLimits(unit))}
          />
          <ChoiceField
            label={t('roi.periodUnit')}
            value={texts.periodUnit}
            choices={durationChoices}
            onChange={(choice) => {
              setText('periodUnit', choice);
            }}
          />
        </>
      }
    >
      <ResultPanel
        problem={check.ok ? null : 'invalid'}
        convention={t('roi.convention')}
        actions={
          check.ok && (
            <ExportPdf
              // A new calculation starts without the last export's message, which was about
              // other figures.
              key={Object.values(texts).join('\n')}
              calculator="roi"
              report={() =>
                reportFrame(t('roi.title'), [
                  pairsSection(t('pdf.inputs'), inputs),
                  pairsSection(t('result.title'), figures),
                  {
                    kind: 'paragraphs',
                    heading: t('pdf.conventions'),
                    paragraphs: [t('roi.intro'), t('roi.convention')],
                  },
                ])
              }
            />
          )
        }
      >
        <Figures figures={figures} />
      </ResultPanel>
    </CalculatorSection>
  );
}
