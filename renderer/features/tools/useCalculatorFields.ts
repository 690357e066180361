import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { DcaField } from '../../../shared/calculators/dca';
import type { CalculatorLanguage } from '../../../shared/calculators/parseNumberInput';
import type { RoiField } from '../../../shared/calculators/roi';
import type { StakingField } from '../../../shared/calculators/staking';
import {
  fieldsAfterTyping,
  fieldsAfterWrite,
  fieldsForAddress,
  fieldsFromUrl,
  type FieldsState,
} from './calculatorFieldsState';
import { readCalculatorUrl, urlKey, valuesFromTexts, type CalculatorKey } from './calculatorUrl';
import { useCalculatorUrl } from './useCalculatorUrl';
import { useReaderLanguage } from './useReaderLanguage';

/** Long enough to wait for the next keystroke, short enough that a copied link is current. */
export const TYPING_PAUSE_MS = 400;

interface FieldsOf {
  roi: RoiField;
  dca: DcaField;
  staking: StakingField;
}

export interface CalculatorFields<Field extends string> {
  /** What each field shows, as typed, in the reader's language. */
  texts: Readonly<Record<Field, string>>;
  language: CalculatorLanguage;
  setText: (field: Field, text: string) => void;
  /** Writes what was typed to the URL now, without waiting for the pause. */
  flush: () => void;
}

/**
 * A calculator's fields: they hold what the reader types, so typing stays smooth and a
 * half-typed number is not rewritten under the cursor; the URL follows once typing pauses, in
 * plain numbers. When the address changes from outside (a link, the back button), the fields
 * take its values again; when the language changes, typed numbers keep their meaning.
 */
export function useCalculatorFields<Key extends CalculatorKey>(
  calculator: Key,
): CalculatorFields<FieldsOf[Key]> {
  const language = useReaderLanguage();
  const [url, updateUrl] = useCalculatorUrl();
  const [state, setState] = useState(() => fieldsFromUrl(calculator, url, language));

  // Met in a layout effect, on committed addresses only: a render may be of a transition React
  // then drops (a keystroke interrupts it), and adjusting state there made the address seem to
  // go back to an older one and reset the fields (seen in e2e on a loaded machine). A layout
  // effect still runs before the browser paints, so no frame shows stale fields.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is the outside system met here; the update is skipped when nothing changed
    setState((previous) => fieldsForAddress(previous, calculator, url, language));
  }, [calculator, url, language]);

  // Typed and not yet written, so that leaving the fields writes only what is new.
  const unwritten = useRef(false);
  const writeTexts = (texts: FieldsState['texts'], textLanguage: CalculatorLanguage) => {
    unwritten.current = false;
    // The reader may have left for another calculator during the pause: the switcher's link is
    // in the address bar at once, while its render, which unmounts this calculator and cancels
    // the pause, may come later on a busy page. Written now, these values would land in the
    // other calculator's address and reset what the reader chose there.
    const shown = readCalculatorUrl(new URLSearchParams(window.location.search));
    if (shown.calculator !== calculator) return;
    const values = valuesFromTexts(calculator, texts, textLanguage);
    const key = urlKey({ calculator, values });
    setState((previous) => fieldsAfterWrite(previous, key));
    updateUrl({ values });
  };
  // An effect event for the pause's timer: the router hands out a new setter with every
  // address, and depending on it would write the URL again after each write.
  const writeUrl = useEffectEvent(writeTexts);

  const { typed, texts: typedTexts, language: typedLanguage } = state;
  useEffect(() => {
    if (!typed) return;
    const timer = window.setTimeout(() => {
      writeUrl(typedTexts, typedLanguage);
    }, TYPING_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [typed, typedTexts, typedLanguage]);

  const setText = (field: FieldsOf[Key], text: string) => {
    unwritten.current = true;
    setState((previous) => fieldsAfterTyping(previous, field, text));
  };

  // Leaving the fields writes at once: a click on a link (the switcher's) moves the focus
  // before it navigates, so the entry the reader leaves keeps what was typed, for the back button.
  const flush = () => {
    if (unwritten.current) writeTexts(state.texts, state.language);
  };

  return {
    // Built from this calculator's own specs, so every one of its fields is there.
    texts: state.texts,
    language: state.language,
    setText,
    flush,
  };
}
