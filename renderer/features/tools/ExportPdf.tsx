import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformAtom } from '../../platform/platformAtom';
import type { CalculatorReport } from '../pdf/report';
import { reportFileName } from '../pdf/reportFileName';
import type { CalculatorKey } from './calculatorUrl';

type ExportState =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'saved'; location: string }
  | { step: 'cancelled' }
  | { step: 'failed' };

/**
 * "Export as PDF": the report is laid out only when asked (jsPDF and the fonts load then), and
 * saved through the platform: a download on the web, the system's save dialog on the desktop.
 * Whatever happens, the calculation stays on screen and a line says what became of the file.
 */
export function ExportPdf({
  calculator,
  report,
}: {
  calculator: CalculatorKey;
  report: () => CalculatorReport;
}) {
  const { t } = useTranslation('tools');
  const platform = useAtomValue(platformAtom);
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const busy = state.step === 'busy';

  const save = async () => {
    setState({ step: 'busy' });
    try {
      const { buildReport } = await import('../pdf/buildReport');
      const bytes = await buildReport(report());
      const outcome = await platform.savePdf(reportFileName(calculator, new Date()), bytes);
      setState(
        outcome.status === 'saved'
          ? { step: 'saved', location: outcome.location }
          : { step: 'cancelled' },
      );
    } catch {
      setState({ step: 'failed' });
    }
  };

  return (
    <div className="tools-export">
      <button
        type="button"
        className="button-link"
        // aria-disabled rather than disabled: the button keeps the keyboard focus while it works.
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void save();
        }}
      >
        {busy ? t('pdf.busy') : t('pdf.button')}
      </button>
      <p className="tools-export__status" role="status">
        {state.step === 'saved'
          ? t('pdf.saved', { location: state.location })
          : state.step === 'cancelled'
            ? t('pdf.cancelled')
            : state.step === 'failed'
              ? t('pdf.failed')
              : ''}
      </p>
    </div>
  );
}
