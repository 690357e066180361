import { describe, expect, it } from 'vitest';
import providerIds from '../../content/provider-ids.json';
import { providerPage, TOKEN_ID } from '../../shared/content/tokenRules';

// content/provider-ids.json is our own list of verified CoinGecko ids (content/README.md): every
// sheet uses an id from it, with that id's provider page, and each entry says when and how the
// id was checked. The catalogue no longer depends on an icon package's list to know an id exists.

interface Sheet {
  id: string;
  symbol: string;
  links: { provider: string };
}

const sheets = Object.entries(
  import.meta.glob<Sheet>('../../content/tokens/*.json', { eager: true, import: 'default' }),
).map(([file, sheet]) => ({ file: file.replace(/^.*\//, ''), sheet }));

const entries = providerIds.ids;
const byId = new Map(entries.map((entry) => [entry.id, entry]));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('the list of verified provider ids', () => {
  it('holds each id once, in the provider id shape, sorted', () => {
    const ids = entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !TOKEN_ID.test(id))).toEqual([]);
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
  });

  it('says for each id its symbol, name, and when and how it was verified', () => {
    const sources = Object.keys(providerIds.sources);
    const incomplete = entries.filter(
      (entry) =>
        !entry.symbol ||
        entry.symbol !== entry.symbol.toUpperCase() ||
        !entry.name ||
        !ISO_DATE.test(entry.verified.on) ||
        !sources.includes(entry.verified.how),
    );
    expect(incomplete.map((entry) => entry.id)).toEqual([]);
  });

  it('names a source for every id checked by search, and for every rank given', () => {
    const unexplained = entries.filter(
      (entry) =>
        (entry.verified.how === 'search' && !entry.evidence?.length) ||
        (entry.rank !== undefined &&
          (!Number.isInteger(entry.rank.value) ||
            entry.rank.value < 1 ||
            !entry.rank.as_of ||
            !entry.rank.source ||
            (entry.rank.source === 'estimate' && !entry.rank.note))),
    );
    expect(unexplained.map((entry) => entry.id)).toEqual([]);
  });

  it('has every token sheet, whose provider link is the page of its id', () => {
    expect(sheets.length).toBeGreaterThanOrEqual(250);
    expect(sheets.filter(({ sheet }) => !byId.has(sheet.id)).map(({ file }) => file)).toEqual([]);
    expect(
      sheets
        .filter(({ sheet }) => sheet.links.provider !== providerPage(sheet.id))
        .map(({ file }) => file),
    ).toEqual([]);
    expect(sheets.filter(({ file, sheet }) => file !== `${sheet.id}.json`)).toEqual([]);
  });

  it('gives the rank of the sheets whose rank it explains', () => {
    const mismatched = sheets.filter(({ sheet }) => {
      const rank = byId.get(sheet.id)?.rank;
      return rank !== undefined && rank.value !== (sheet as Sheet & { rank: number }).rank;
    });
    expect(mismatched.map(({ file }) => file)).toEqual([]);
  });
});
