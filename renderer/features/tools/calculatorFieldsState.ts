import type { CalculatorLanguage } from '../../../shared/calculators/parseNumberInput';
import {
  textsFromValues,
  urlKey,
  type CalculatorKey,
  type CalculatorUrlState,
} from './calculatorUrl';
import { translateText } from './plainNumber';

/**
 * What a calculator's fields hold, and how that meets the URL. The fields write the URL after a
 * pause in typing, and the router delivers each new address later, in a transition that a busy
 * page may commit only after the reader has typed on and another write has gone out. So every
 * address written and not yet delivered is remembered: when one of them arrives it is our own
 * echo, not a link or the back button, and what was typed since stays in the fields.
 */
export interface FieldsState {
  language: CalculatorLanguage;
  texts: Readonly<Record<string, string>>;
  /** The URL state the fields last met. */
  seenKey: string;
  /** URL states written from the fields and not yet delivered by the router, oldest first. */
  pendingKeys: readonly string[];
  /** Only typing writes the URL: opening the page leaves its address as it was. */
  typed: boolean;
}

/** The fields of a URL state: what a page opened on it, or sent to it from outside, shows. */
export function fieldsFromUrl(
  calculator: CalculatorKey,
  url: CalculatorUrlState,
  language: CalculatorLanguage,
): FieldsState {
  return {
    language,
    texts: textsFromValues(calculator, url.values, language),
    seenKey: urlKey(url),
    pendingKeys: [],
    typed: false,
  };
}

/**
 * The fields once the current address and language are taken into account: the same object
 * when nothing changed, so that React skips the update.
 */
export function fieldsForAddress(
  state: FieldsState,
  calculator: CalculatorKey,
  url: CalculatorUrlState,
  language: CalculatorLanguage,
): FieldsState {
  const key = urlKey(url);
  if (key !== state.seenKey) {
    const echo = state.pendingKeys.indexOf(key);
    if (echo === -1) return fieldsFromUrl(calculator, url, language);
    // Addresses written before this one were replaced by it: they will not arrive on their own.
    return { ...state, seenKey: key, pendingKeys: state.pendingKeys.slice(echo + 1) };
  }
  if (language !== state.language) {
    const texts = Object.fromEntries(
      Object.entries(state.texts).map(([field, text]) => [
        field,
        translateText(text, state.language, language),
      ]),
    );
    return { ...state, language, texts };
  }
  return state;
}

/** The fields after their values were written to the URL as `key`. */
export function fieldsAfterWrite(state: FieldsState, key: string): FieldsState {
  const expected = state.pendingKeys.at(-1) ?? state.seenKey;
  // Writing what the address already holds (or soon will) changes nothing to wait for.
  if (key === expected) return state;
  return { ...state, pendingKeys: [...state.pendingKeys, key] };
}

/** The fields after the reader typed `text` into `field`. */
export function fieldsAfterTyping(state: FieldsState, field: string, text: string): FieldsState {
  return { ...state, texts: { ...state.texts, [field]: text }, typed: true };
}
