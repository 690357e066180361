import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
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
import { urlKey, valuesFromTexts, type CalculatorKey } from './calculatorUrl';
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

  // An effect event: the router hands out a new setter with every address, and depending on it
  // would write the URL again after each write.
  const writeUrl = useEffectEvent(
    (texts: FieldsState['texts'], textLanguage: CalculatorLanguage) => {
      const values = valuesFromTexts(calculator, texts, textLanguage);
      const key = urlKey({ calculator, values });
      setState((previous) => fieldsAfterWrite(previous, key));
      updateUrl({ values });
    },
  );

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
    setState((previous) => fieldsAfterTyping(previous, field, text));
  };

  return {
    // Built from this calculator's own specs, so every one of its fields is there.
    texts: state.texts,
    language: state.language,
    setText,
  };
}
