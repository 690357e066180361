// The name a report is saved under: "blockademia-dca-2026-11-25.pdf". ASCII and lower case, so
// it survives every file system, archive and mail client; the reader's own calendar day, since
// that is the day they will look for.

/** Long enough for any calculator's name, short enough for every file system's limit. */
const MAX_SLUG_LENGTH = 60;

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

const pad = (value: number): string => String(value).padStart(2, '0');

export function reportFileName(calculator: string, date: Date): string {
  // An invalid date drops the day rather than naming the file "NaN-NaN-NaN".
  const day = Number.isNaN(date.getTime())
    ? ''
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${['blockademia', slug(calculator), day].filter((part) => part !== '').join('-')}.pdf`;
}
