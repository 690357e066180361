import {
  parseNumberInput,
  type CalculatorLanguage,
} from '../../../shared/calculators/parseNumberInput';

/**
 * A number as the URL holds it: '.' decimal mark, no grouping and never an exponent, so that the
 * calculators read it back (they refuse letters, hence '1e-7'). Number#toString gives the
 * shortest digits that read back as the same number; only its exponent form needs spelling out.
 */
export function plainNumber(value: number): string {
  const text = String(value);
  const exponentForm = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (exponentForm === null) return text;
  const [, sign = '', first = '', rest = '', exponent = '0'] = exponentForm;
  const digits = first + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** What a person typed, as a plain number; null when it is not a number at all. */
export function plainFromText(text: string, language: CalculatorLanguage): string | null {
  const parsed = parseNumberInput(text, language);
  return parsed.ok ? plainNumber(parsed.value) : null;
}

/**
 * A plain number as a field shows it to a reader: their decimal mark, no grouping (grouping
 * would make editing awkward, and the calculators accept it either way).
 */
export function textFromPlain(plain: string, language: CalculatorLanguage): string {
  return language === 'en' ? plain : plain.replace('.', ',');
}

/**
 * A field's text carried over to another language: '1,5' typed in French becomes '1.5' in
 * English, so that it keeps its meaning ('1,500' would read 1500 there). Text that is not a
 * number stays as typed, with its error.
 */
export function translateText(
  text: string,
  from: CalculatorLanguage,
  to: CalculatorLanguage,
): string {
  if (from === to) return text;
  const plain = plainFromText(text, from);
  return plain === null ? text : textFromPlain(plain, to);
}
