import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Calculators } from '../../renderer/features/tools/Calculators';
import { TYPING_PAUSE_MS } from '../../renderer/features/tools/useCalculatorFields';
import enTools from '../../renderer/i18n/locales/en/tools.json';
import frTools from '../../renderer/i18n/locales/fr/tools.json';
import { startTestI18n } from './testI18n';

// The calculators against a real router and the real texts: what the reader types, what the
// result shows, and when the address follows.

const normalised = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function open(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <BrowserRouter>
      <Calculators />
    </BrowserRouter>,
  );
}

function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return normalised(term.nextElementSibling?.textContent);
}

beforeEach(async () => {
  vi.useFakeTimers();
  await startTestI18n('fr');
  i18next.addResourceBundle('fr', 'tools', frTools);
  i18next.addResourceBundle('en', 'tools', enTools);
  await act(async () => {
    await i18next.changeLanguage('fr');
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the calculators', () => {
  it('open on the calculation the URL holds', () => {
    open('/tools?calc=dca&amount=100&months=12&rate=12');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(frTools.dca.title);
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe(frTools.switcher.dca);
    expect(figure(frTools.dca.invested)).toBe('1 200,00 $');
    expect(figure(frTools.dca.value)).toBe('1 276,65 $');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('update the result as the reader types, and the URL once typing pauses', () => {
    open('/tools?calc=roi&initial=1000&final=1500&period=2&periodUnit=years');
    const historyLength = window.history.length;
    const initial = screen.getByRole('textbox', { name: frTools.roi.initial });
    fireEvent.change(initial, { target: { value: '1 200,5' } });
    expect(figure(frTools.roi.profit)).toBe('299,50 $');
    expect(window.location.search).toContain('initial=1000&');
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS);
    });
    expect(window.location.search).toBe(
      '?calc=roi&initial=1200.5&final=1500&period=2&periodUnit=years',
    );
    // Replaced, not pushed: the back button does not walk through keystrokes.
    expect(window.history.length).toBe(historyLength);
    expect((initial as HTMLInputElement).value).toBe('1 200,5');
  });

  it('say what is wrong next to the field and show no figure', () => {
    open('/tools?calc=dca');
    const amount = screen.getByRole('textbox', { name: frTools.dca.amount });
    fireEvent.change(amount, { target: { value: '100000000000000000000' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(normalised(message?.textContent)).toBe('La valeur maximale est 1 000 000 000 000 $.');
    expect(screen.getByRole('status').textContent).toBe(frTools.result.invalid);
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|e\+/);

    fireEvent.change(amount, { target: { value: 'beaucoup' } });
    expect(normalised(message?.textContent)).toBe('Saisissez un nombre, par exemple 1 234,56.');
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS);
    });
    // Not a number yet: the URL leaves it out, so the link means the default, not the junk.
    expect(window.location.search).toBe('?calc=dca&months=12&rate=10');
    expect((amount as HTMLInputElement).value).toBe('beaucoup');
  });

  it('say when a result is too large to print', () => {
    open('/tools?calc=staking&amount=1000000000000&rate=1000&duration=100&compounding=daily');
    expect(screen.getByRole('status').textContent).toBe(frTools.result.tooLarge);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|e\+/);
  });

  it('keep a typed number meaning the same when the language changes', async () => {
    open(
      '/tools?calc=staking&amount=1000&rate=10&duration=1&durationUnit=years&compounding=monthly',
    );
    const rate = screen.getByRole('textbox', { name: frTools.staking.rate });
    fireEvent.change(rate, { target: { value: '12,5' } });
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: enTools.staking.rate }).value,
    ).toBe('12.5');
    expect(figure(enTools.staking.effectiveApy)).toBe('13.24%');
  });

  it('say that compounding changes nothing once the rate is an APY', () => {
    open('/tools?calc=staking&amount=1000&rate=10&compounding=monthly');
    const apy = screen.getByRole('checkbox', { name: frTools.staking.apy });
    fireEvent.click(apy);
    expect(figure(frTools.staking.finalAmount)).toBe('1 100,00');
    expect(figure(frTools.staking.effectiveApy)).toBe('10,00 %');
    const compounding = screen.getByRole('combobox', { name: frTools.staking.compounding });
    expect(compounding.getAttribute('aria-describedby')).not.toBeNull();
    const hint = document.getElementById(compounding.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(frTools.staking.apyHint);
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS);
    });
    expect(window.location.search).toContain('&apy=1');
  });

  it('never write a calculator’s values into the address of the one the reader went to', () => {
    open('/tools?calc=dca&amount=100&months=12&rate=12');
    fireEvent.change(screen.getByRole('textbox', { name: frTools.dca.amount }), {
      target: { value: '250' },
    });
    // The switcher's link has changed the address; on a busy page its render, which would
    // unmount this calculator and cancel the pause, has not come yet when the pause ends.
    window.history.pushState(null, '', '/tools?calc=staking');
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS);
    });
    expect(window.location.search).toBe('?calc=staking');
  });

  it('write the URL at once when the focus leaves the fields, not when it moves among them', () => {
    open('/tools?calc=dca&amount=100&months=12&rate=12');
    const amount = screen.getByRole('textbox', { name: frTools.dca.amount });
    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.blur(amount, {
      relatedTarget: screen.getByRole('textbox', { name: frTools.dca.months }),
    });
    expect(window.location.search).toBe('?calc=dca&amount=100&months=12&rate=12');
    const switcher = screen.getByRole('navigation', { name: frTools.switcher.label });
    fireEvent.blur(amount, {
      relatedTarget: within(switcher).getByRole('link', { name: frTools.switcher.staking }),
    });
    expect(window.location.search).toBe('?calc=dca&amount=250&months=12&rate=12');
  });

  it('take the URL’s values again when the address changes from outside', async () => {
    vi.useRealTimers();
    open('/tools?calc=roi&initial=2000');
    const initialField = () =>
      screen.getByRole<HTMLInputElement>('textbox', { name: frTools.roi.initial });
    fireEvent.change(initialField(), { target: { value: '2500' } });

    // Another address for the same calculator (a link, a bookmark): its values win.
    act(() => {
      window.history.pushState(null, '', '/tools?calc=roi&initial=3000');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(initialField().value).toBe('3000');

    const switcher = screen.getByRole('navigation', { name: frTools.switcher.label });
    act(() => {
      within(switcher).getByRole('link', { name: frTools.switcher.dca }).click();
    });
    expect(window.location.search).toBe('?calc=dca');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: frTools.dca.months }).value).toBe(
      '12',
    );

    // The back button returns to the previous calculator with its values.
    act(() => {
      window.history.back();
    });
    await waitFor(() => {
      expect(window.location.search).toBe('?calc=roi&initial=3000');
    });
    await waitFor(() => {
      expect(initialField().value).toBe('3000');
    });
  });
});
