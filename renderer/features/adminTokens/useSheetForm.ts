import { useCallback, useMemo, useState } from 'react';
import type { Language } from '../../../shared/catalog';
import { checkToken, type TokenTextSection } from '../../../shared/content/tokenRules';
import {
  problemsByField,
  tokenInputOf,
  type FieldProblem,
  type SheetField,
  type SheetFormValues,
} from './sheetForm';

export type IdentityKey = Exclude<keyof SheetFormValues, 'texts'>;

/** The rules' name of each identity field. */
export const IDENTITY_FIELDS: Record<IdentityKey, SheetField> = {
  id: 'id',
  symbol: 'symbol',
  name: 'name',
  rank: 'rank',
  website: 'links.website',
  whitepaper: 'links.whitepaper',
  lastReviewed: 'last_reviewed',
};

export const textField = (language: Language, section: TokenTextSection): SheetField =>
  `translations.${language}.${section}`;

export interface SheetForm {
  values: SheetFormValues;
  setIdentity: (key: IdentityKey, value: string) => void;
  setText: (language: Language, section: TokenTextSection, value: string) => void;
  /** Fills the identity fields still empty, leaving what the admin typed. */
  fillEmpty: (values: Partial<Record<IdentityKey, string>>) => void;
  /** The field was left: its problems show from now on. */
  touch: (field: SheetField) => void;
  /** Every problem of the sheet as typed, by field, shown or not. */
  problems: ReadonlyMap<SheetField, FieldProblem[]>;
  problemCount: number;
  /** The problems to show next to a field: once left, or once a save was attempted. */
  shownProblems: (field: SheetField) => FieldProblem[];
  /** After a save attempt every problem shows. */
  reveal: () => void;
}

/**
 * The sheet editor's values and what the shared rules say of them, checked at every change. A
 * problem shows once its field was left or a save was attempted, never while a blank new sheet
 * is first filled in.
 */
export function useSheetForm(initial: SheetFormValues): SheetForm {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<SheetField>>(new Set());
  const [revealed, setRevealed] = useState(false);

  const all = useMemo(() => checkToken(tokenInputOf(values)), [values]);
  const problems = useMemo(() => problemsByField(all), [all]);

  const setIdentity = useCallback((key: IdentityKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);
  const setText = useCallback((language: Language, section: TokenTextSection, value: string) => {
    setValues((current) => ({
      ...current,
      texts: { ...current.texts, [language]: { ...current.texts[language], [section]: value } },
    }));
  }, []);
  const fillEmpty = useCallback((filled: Partial<Record<IdentityKey, string>>) => {
    setValues((current) => {
      const next = { ...current };
      for (const [key, value] of Object.entries(filled) as [IdentityKey, string][]) {
        if (next[key].trim() === '') next[key] = value;
      }
      return next;
    });
  }, []);
  const touch = useCallback((field: SheetField) => {
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  }, []);
  const shownProblems = useCallback(
    (field: SheetField) => {
      if (!revealed && !touched.has(field) && !touchedGroup(touched, field)) return [];
      return problems.get(field) ?? [];
    },
    [problems, revealed, touched],
  );
  const reveal = useCallback(() => {
    setRevealed(true);
  }, []);

  return {
    values,
    setIdentity,
    setText,
    fillEmpty,
    touch,
    problems,
    problemCount: all.length,
    shownProblems,
    reveal,
  };
}

/** `translations.*.history` shows once any language of that section was left. */
function touchedGroup(touched: ReadonlySet<SheetField>, field: SheetField): boolean {
  const group = /^translations\.\*\.(\w+)$/.exec(field);
  if (group === null) return false;
  return [...touched].some((entry) => entry.endsWith(`.${group[1] ?? ''}`));
}
