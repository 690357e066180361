import { useEffect, useEffectEvent, useState } from 'react';
import type { DcaField } from '../../../shared/calculators/dca';
import type { CalculatorLanguage } from '../../../shared/calculators/parseNumberInput';
import type { RoiField } from '../../../shared/calculators/roi';
import type { StakingField } from '../../../shared/calculators/staking';
import {
  textsFromValues,
  urlKey,
  valuesFromTexts,
  type CalculatorKey,
  type CalculatorUrlState,
} from './calculatorUrl';
import { translateText } from './plainNumber';
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

interface FieldsState {
  language: CalculatorLanguage;
  texts: Readonly<Record<string, string>>;
  /** The URL state the texts last matched. */
  seenKey: string;
  /** The URL state last written from the texts: when it arrives, it is not a change from outside. */
  writtenKey: string;
  /** Only typing writes the URL: opening the page leaves its address as it was. */
  typed: boolean;
}

function fromUrl(
  calculator: CalculatorKey,
  url: CalculatorUrlState,
  language: CalculatorLanguage,
): FieldsState {
  const key = urlKey(url);
  return {
    language,
    texts: textsFromValues(calculator, url.values, language),
    seenKey: key,
    writtenKey: key,
    typed: false,
  };
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
  const currentKey = urlKey(url);
  const [state, setState] = useState(() => fromUrl(calculator, url, language));

  // Adjusted while rendering rather than in an effect, so no frame shows stale fields.
  let shown = state;
  if (currentKey !== state.seenKey) {
    shown =
      currentKey === state.writtenKey
        ? { ...state, seenKey: currentKey }
        : fromUrl(calculator, url, language);
    setState(shown);
  } else if (language !== state.language) {
    const texts = Object.fromEntries(
      Object.entries(state.texts).map(([field, text]) => [
        field,
        translateText(text, state.language, language),
      ]),
    );
    shown = { ...state, language, texts };
    setState(shown);
  }

  // An effect event: the router hands out a new setter with every address, and depending on it
  // would write the URL again after each write.
  const writeUrl = useEffectEvent(
    (texts: FieldsState['texts'], textLanguage: CalculatorLanguage) => {
      const values = valuesFromTexts(calculator, texts, textLanguage);
      const writtenKey = urlKey({ calculator, values });
      setState((previous) => ({ ...previous, writtenKey }));
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
    setState((previous) => ({
      ...previous,
      texts: { ...previous.texts, [field]: text },
      typed: true,
    }));
  };

  return {
    // Built from this calculator's own specs, so every one of its fields is there.
    texts: shown.texts,
    language: shown.language,
    setText,
  };
}
