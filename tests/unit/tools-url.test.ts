import { describe, expect, it } from 'vitest';
import { DCA_DEFAULTS } from '../../shared/calculators/dca';
import { ROI_DEFAULTS } from '../../shared/calculators/roi';
import { STAKING_DEFAULTS } from '../../shared/calculators/staking';
import {
  readCalculatorUrl,
  textsFromValues,
  urlKey,
  valuesFromTexts,
  writeCalculatorUrl,
} from '../../renderer/features/tools/calculatorUrl';
import {
  plainFromText,
  plainNumber,
  textFromPlain,
  translateText,
} from '../../renderer/features/tools/plainNumber';

const read = (search: string) => readCalculatorUrl(new URLSearchParams(search));
const roundTrip = (search: string) => writeCalculatorUrl(read(search)).toString();

describe('plain numbers', () => {
  it('writes numbers with a point, no grouping and never an exponent', () => {
    expect(plainNumber(1234.56)).toBe('1234.56');
    expect(plainNumber(-5)).toBe('-5');
    expect(plainNumber(0)).toBe('0');
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(-1.5e-9)).toBe('-0.0000000015');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(1.2345e22)).toBe('12345000000000000000000');
    expect(plainNumber(1e12)).toBe('1000000000000');
  });

  it('reads what a person types in their language, and shows it back in theirs', () => {
    expect(plainFromText('1 234,56', 'fr')).toBe('1234.56');
    expect(plainFromText('1.234,5', 'es')).toBe('1234.5');
    expect(plainFromText('1,234.5', 'en')).toBe('1234.5');
    expect(plainFromText('abc', 'en')).toBeNull();
    expect(plainFromText('', 'fr')).toBeNull();
    expect(textFromPlain('1234.5', 'fr')).toBe('1234,5');
    expect(textFromPlain('1234.5', 'es')).toBe('1234,5');
    expect(textFromPlain('1234.5', 'en')).toBe('1234.5');
  });

  it('keeps a typed number meaning the same when the language changes', () => {
    // '1,500' is one and a half in French but fifteen hundred in English.
    expect(translateText('1,500', 'fr', 'en')).toBe('1.5');
    expect(translateText('1.5', 'en', 'es')).toBe('1,5');
    expect(translateText('1 000', 'fr', 'en')).toBe('1000');
    expect(translateText('abc', 'fr', 'en')).toBe('abc');
    expect(translateText('12,5', 'fr', 'fr')).toBe('12,5');
  });
});

describe('reading the URL', () => {
  it('gives the defaults, ROI first, when the URL says nothing', () => {
    expect(read('')).toEqual({ calculator: 'roi', values: ROI_DEFAULTS });
    expect(read('calc=dca')).toEqual({ calculator: 'dca', values: DCA_DEFAULTS });
    expect(read('calc=staking')).toEqual({
      calculator: 'staking',
      values: { ...STAKING_DEFAULTS, apy: '' },
    });
    expect(read('calc=mortgage').calculator).toBe('roi');
  });

  it('reads numbers as English and keeps them plain', () => {
    expect(read('calc=dca&amount=1,234.5&months=24&rate=-12.5').values).toEqual({
      amount: '1234.5',
      months: '24',
      rate: '-12.5',
    });
    // A comma that cannot group thousands is a decimal mark in any language.
    expect(read('calc=dca&amount=12,5').values.amount).toBe('12.5');
    expect(read('calc=dca&amount=1%20000').values.amount).toBe('1000');
  });

  it('falls back to the default for junk, and keeps numbers out of range to show their error', () => {
    expect(
      read(
        'calc=staking&amount=abc&rate=1e5&duration=&durationUnit=weeks&compounding=hourly&apy=yes',
      ).values,
    ).toEqual({ ...STAKING_DEFAULTS, apy: '' });
    expect(read('calc=dca&amount=-5&months=1.5').values).toMatchObject({
      amount: '-5',
      months: '1.5',
    });
    expect(read('calc=roi&initial=100000000000000000000').values.initial).toBe(
      '100000000000000000000',
    );
  });

  it('tells an absent holding period (default) from an empty one (no period)', () => {
    expect(read('calc=roi').values.period).toBe(ROI_DEFAULTS.period);
    expect(read('calc=roi&period=').values.period).toBe('');
    expect(read('calc=roi&period=%20').values.period).toBe('');
  });

  it('reads the APY flag only as 1', () => {
    expect(read('calc=staking&apy=1').values.apy).toBe('1');
    expect(read('calc=staking&apy=0').values.apy).toBe('');
  });
});

describe('writing the URL', () => {
  it('writes calc first, then every field in the form order', () => {
    expect(roundTrip('rate=10&months=12&calc=dca&amount=100')).toBe(
      'calc=dca&amount=100&months=12&rate=10',
    );
    expect(roundTrip('')).toBe('calc=roi&initial=1000&final=1500&period=2&periodUnit=years');
    expect(roundTrip('calc=roi&period=')).toBe(
      'calc=roi&initial=1000&final=1500&period=&periodUnit=years',
    );
    expect(roundTrip('calc=staking&apy=1')).toBe(
      'calc=staking&amount=1000&rate=5&duration=1&durationUnit=years&compounding=monthly&apy=1',
    );
    expect(roundTrip('calc=staking&apy=0')).not.toContain('apy');
  });

  it('round-trips: what is written reads back the same', () => {
    for (const search of [
      'calc=dca&amount=100.25&months=12&rate=-3.5',
      'calc=roi&initial=0.01&final=0&period=&periodUnit=days',
      'calc=staking&amount=0.0000001&rate=0&duration=36500&durationUnit=days&compounding=daily&apy=1',
    ]) {
      expect(roundTrip(search)).toBe(search);
      expect(read(roundTrip(search))).toEqual(read(search));
    }
  });

  it('turns typed French, English and Spanish into the same plain URL', () => {
    const french = valuesFromTexts('dca', { amount: '1 234,5', months: '12', rate: '7,5' }, 'fr');
    const english = valuesFromTexts('dca', { amount: '1,234.5', months: '12', rate: '7.5' }, 'en');
    const spanish = valuesFromTexts('dca', { amount: '1.234,5', months: '12', rate: '7,5' }, 'es');
    expect(french).toEqual({ amount: '1234.5', months: '12', rate: '7.5' });
    expect(english).toEqual(french);
    expect(spanish).toEqual(french);
    expect(writeCalculatorUrl({ calculator: 'dca', values: french }).toString()).toBe(
      'calc=dca&amount=1234.5&months=12&rate=7.5',
    );
  });

  it('leaves out a field that is not a number yet, so the URL keeps its default', () => {
    const values = valuesFromTexts('dca', { amount: 'abc', months: '', rate: '10' }, 'en');
    expect(values).toEqual({ rate: '10' });
    expect(writeCalculatorUrl({ calculator: 'dca', values }).toString()).toBe('calc=dca&rate=10');
    expect(urlKey({ calculator: 'dca', values })).toBe('calc=dca&amount=100&months=12&rate=10');
    // An empty holding period is a choice of its own: no annualised return.
    expect(valuesFromTexts('roi', { ...ROI_DEFAULTS, period: ' ' }, 'fr').period).toBe('');
  });

  it('shows URL values in the reader’s notation', () => {
    const values = read('calc=staking&amount=1234.5&rate=4.2&apy=1').values;
    expect(textsFromValues('staking', values, 'fr')).toEqual({
      amount: '1234,5',
      rate: '4,2',
      duration: '1',
      durationUnit: 'years',
      compounding: 'monthly',
      apy: '1',
    });
    expect(textsFromValues('staking', values, 'en').amount).toBe('1234.5');
  });
});
