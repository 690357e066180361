// Figures as a reader of each language expects them: "65 432,10 $US" in French, "$65,432.10" in
// English. Intl does the work; these only choose the precision a figure deserves. A formatter
// costs far more to build than to use, and a list formats hundreds of figures: each one is
// built once per language and style.

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A price: cents for a dollar and more, four significant digits below (0.0001234). */
export function formatPrice(value: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    ...(Math.abs(value) >= 1
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { maximumSignificantDigits: 4 }),
  }).format(value);
}

/** A large amount of dollars, short: "1.29T" / "1,29 Bn". */
export function formatUsdCompact(value: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(value);
}

/** A quantity of coins, short. */
export function formatAmountCompact(value: number, language: string): string {
  return numberFormat(language, { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** A change in percent, always with its sign: "+2.5%", "−1.25%". */
export function formatChange(value: number, language: string): string {
  return numberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 2,
  }).format(value / 100);
}

export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
