import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createStore, Provider } from 'jotai';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Platform, SavePdfOutcome } from '../../shared/platform';
import type { CalculatorReport } from '../../renderer/features/pdf/report';
import { ExportPdf } from '../../renderer/features/tools/ExportPdf';
import enTools from '../../renderer/i18n/locales/en/tools.json';
import { PlatformError } from '../../renderer/platform/platformError';
import { platformAtom } from '../../renderer/platform/platformAtom';
import { startTestI18n } from './testI18n';

// The PDF's layout is tested on its own (pdf-report.test.ts); here, what the button does with
// each outcome of the platform's save: the desktop's dialog cancelled, a refused write, a save.
vi.mock('../../renderer/features/pdf/buildReport', () => ({
  buildReport: () => Promise.resolve(new TextEncoder().encode('%PDF-1.3 test')),
}));

const report = (): CalculatorReport => ({
  language: 'en',
  siteName: 'Blockademia',
  title: 'DCA',
  generatedOn: 'Created on 26 November 2026',
  languageLine: 'Language: English',
  sections: [],
  notice: 'Not financial advice.',
  pageLabel: (page, total) => `Page ${String(page)} of ${String(total)}`,
});

function renderButton(savePdf: Platform['savePdf']) {
  const store = createStore();
  const platform: Platform = {
    kind: 'desktop',
    storage: {
      get: () => Promise.resolve(null),
      set: () => Promise.resolve(),
      remove: () => Promise.resolve(),
    },
    savePdf,
    saveJson: () => Promise.reject(new Error('not used by the PDF button')),
    openExternal: () => Promise.resolve(),
  };
  store.set(platformAtom, platform);
  render(
    <Provider store={store}>
      <ExportPdf calculator="dca" report={report} />
    </Provider>,
  );
  return screen.getByRole('button', { name: 'Export as PDF' });
}

describe('the PDF export button', () => {
  beforeAll(async () => {
    await startTestI18n('en');
    i18next.addResourceBundle('en', 'tools', enTools);
  });

  it('names the saved file, with today’s date in its name', async () => {
    const savePdf = vi.fn((name: string): Promise<SavePdfOutcome> =>
      Promise.resolve({ status: 'saved', location: `/home/ada/Downloads/${name}` }),
    );
    const button = renderButton(savePdf);
    fireEvent.click(button);
    expect(
      await screen.findByText(/^PDF saved: \/home\/ada\/Downloads\/blockademia-dca-/),
    ).toBeTruthy();
    expect(savePdf).toHaveBeenCalledOnce();
    expect(savePdf.mock.calls[0]?.[0]).toMatch(/^blockademia-dca-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('says nothing was written when the save dialog is closed', async () => {
    const button = renderButton(() => Promise.resolve({ status: 'cancelled' }));
    fireEvent.click(button);
    expect(await screen.findByText(enTools.pdf.cancelled)).toBeTruthy();
  });

  it('says the save failed when the platform refuses the write, and can try again', async () => {
    const savePdf = vi
      .fn<Platform['savePdf']>()
      .mockRejectedValueOnce(new PlatformError('pdf-write-failed'))
      .mockResolvedValueOnce({ status: 'saved', location: 'blockademia-dca.pdf' });
    const button = renderButton(savePdf);
    fireEvent.click(button);
    expect(await screen.findByText(enTools.pdf.failed)).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByText('PDF saved: blockademia-dca.pdf')).toBeTruthy();
    expect(savePdf).toHaveBeenCalledTimes(2);
  });
});
