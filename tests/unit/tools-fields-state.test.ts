import { describe, expect, it } from 'vitest';
import {
  fieldsAfterTyping,
  fieldsAfterWrite,
  fieldsForAddress,
  fieldsFromUrl,
} from '../../renderer/features/tools/calculatorFieldsState';
import { readCalculatorUrl, urlKey } from '../../renderer/features/tools/calculatorUrl';

// The fields meet the URL as the router delivers it: late, in transitions, sometimes after the
// reader has typed on and the fields have written again.

const address = (search: string) => readCalculatorUrl(new URLSearchParams(search));
const opened = fieldsFromUrl('dca', address('calc=dca&amount=100&months=12&rate=10'), 'fr');

/** The reader types `text` into `field`, and the fields write the URL they then describe. */
function typeAndWrite(state: typeof opened, field: string, text: string, search: string) {
  const typed = fieldsAfterTyping(state, field, text);
  return fieldsAfterWrite(typed, urlKey(address(search)));
}

describe('the calculator fields and the address', () => {
  it('keep what was typed when their own addresses arrive late, one after the other', () => {
    let state = typeAndWrite(opened, 'amount', '250', 'calc=dca&amount=250&months=12&rate=10');
    state = typeAndWrite(state, 'months', '24', 'calc=dca&amount=250&months=24&rate=10');
    state = fieldsAfterTyping(state, 'rate', '1,5');

    // The router commits the first write only now, after the second went out.
    state = fieldsForAddress(state, 'dca', address('calc=dca&amount=250&months=12&rate=10'), 'fr');
    expect(state.texts).toEqual({ amount: '250', months: '24', rate: '1,5' });
    state = fieldsForAddress(state, 'dca', address('calc=dca&amount=250&months=24&rate=10'), 'fr');
    expect(state.texts).toEqual({ amount: '250', months: '24', rate: '1,5' });
    expect(state.pendingKeys).toEqual([]);
  });

  it('keep what was typed when the router skips to the latest of their addresses', () => {
    let state = typeAndWrite(opened, 'amount', '250', 'calc=dca&amount=250&months=12&rate=10');
    state = typeAndWrite(state, 'months', '24', 'calc=dca&amount=250&months=24&rate=10');
    state = fieldsForAddress(state, 'dca', address('calc=dca&amount=250&months=24&rate=10'), 'fr');
    expect(state.texts).toEqual({ amount: '250', months: '24', rate: '10' });
    expect(state.pendingKeys).toEqual([]);
  });

  it('take the values of an address that came from outside', () => {
    const typed = typeAndWrite(opened, 'amount', '250', 'calc=dca&amount=250&months=12&rate=10');
    const followed = fieldsForAddress(typed, 'dca', address('calc=dca&amount=75'), 'fr');
    expect(followed.texts).toEqual({ amount: '75', months: '12', rate: '10' });
    expect(followed.typed).toBe(false);
  });

  it('wait for nothing when a write leaves the address as it is', () => {
    const typed = fieldsAfterTyping(opened, 'amount', 'cent');
    const written = fieldsAfterWrite(typed, opened.seenKey);
    expect(written.pendingKeys).toEqual([]);
    expect(
      fieldsForAddress(written, 'dca', address('calc=dca&amount=100&months=12&rate=10'), 'fr'),
    ).toBe(written);
  });

  it('keep a typed number’s meaning when the language changes', () => {
    const typed = fieldsAfterTyping(opened, 'amount', '1 234,5');
    const english = fieldsForAddress(
      typed,
      'dca',
      address('calc=dca&amount=100&months=12&rate=10'),
      'en',
    );
    expect(english.texts.amount).toBe('1234.5');
  });
});
