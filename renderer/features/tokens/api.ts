import { dataOf, throwIfFailed } from '../../app/backendError';
import { isLanguage, type Language } from '../../../shared/catalog';
import type { Backend } from '../../session/supabaseClient';

/** The market figures of a token in US dollars, as the last refresh stored them. */
export interface MarketFigures {
  price: number | null;
  change24h: number | null;
  change7d: number | null;
  marketCap: number | null;
  volume24h: number | null;
  circulatingSupply: number | null;
  ath: number | null;
  athDate: string | null;
  /** The 7-day price line, oldest first. */
  sparkline: number[];
  updatedAt: string;
}

/** A row of the token list. */
export interface TokenListItem {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  /** The icon an admin uploaded for a sheet without a bundled one, else null. */
  iconUrl: string | null;
  market: MarketFigures | null;
}

export interface TokenTexts {
  about: string | null;
  quickSummary: string | null;
  history: string | null;
  technology: string | null;
  useCases: string[];
  ecosystem: string | null;
  strengths: string[];
  challenges: string[];
  howToBuy: string | null;
  howToStore: string | null;
  commonMistakes: string[];
}

/** A token sheet with its texts in every language and its market figures. */
export interface TokenSheet extends TokenListItem {
  websiteUrl: string | null;
  whitepaperUrl: string | null;
  providerUrl: string | null;
  lastReviewed: string | null;
  texts: Partial<Record<Language, TokenTexts>>;
}

type MarketRow = {
  price_usd: number | null;
  change_24h_pct: number | null;
  change_7d_pct?: number | null;
  market_cap_usd: number | null;
  volume_24h_usd?: number | null;
  circulating_supply?: number | null;
  ath_usd?: number | null;
  ath_date?: string | null;
  sparkline_7d: number[] | null;
  updated_at: string;
};

const LIST_MARKET_COLUMNS = 'price_usd, change_24h_pct, market_cap_usd, sparkline_7d, updated_at';

/** Where the uploaded icons of sheets without a bundled one are (public bucket). */
export const TOKEN_ICONS_BUCKET = 'token-icons';

/** The public address of an uploaded icon; building it asks nothing of the server. */
export function tokenIconUrl(client: Backend, path: string | null): string | null {
  return path === null
    ? null
    : client.storage.from(TOKEN_ICONS_BUCKET).getPublicUrl(path).data.publicUrl;
}

function toMarket(row: MarketRow | null): MarketFigures | null {
  if (row === null) return null;
  return {
    price: row.price_usd,
    change24h: row.change_24h_pct,
    change7d: row.change_7d_pct ?? null,
    marketCap: row.market_cap_usd,
    volume24h: row.volume_24h_usd ?? null,
    circulatingSupply: row.circulating_supply ?? null,
    ath: row.ath_usd ?? null,
    athDate: row.ath_date ?? null,
    sparkline: row.sparkline_7d ?? [],
    updatedAt: row.updated_at,
  };
}

/** Every sheet with the figures the list shows, by rank. */
export async function fetchTokenList(client: Backend): Promise<TokenListItem[]> {
  const rows = dataOf(
    await client
      .from('tokens')
      .select(`id, symbol, name, rank, icon_path, token_market(${LIST_MARKET_COLUMNS})`)
      .order('rank', { ascending: true, nullsFirst: false }),
  );
  return rows.map((row) => ({
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.rank,
    iconUrl: tokenIconUrl(client, row.icon_path),
    market: toMarket(row.token_market),
  }));
}

/** The largest market capitalisations, for the home page's widget. */
export async function fetchTopMarket(client: Backend, count: number): Promise<TokenListItem[]> {
  const rows = dataOf(
    await client
      .from('token_market')
      .select(`${LIST_MARKET_COLUMNS}, tokens(id, symbol, name, rank, icon_path)`)
      .not('market_cap_usd', 'is', null)
      .order('market_cap_usd', { ascending: false })
      .limit(count),
  );
  return rows.map(({ tokens: { icon_path: iconPath, ...token }, ...market }) => ({
    ...token,
    iconUrl: tokenIconUrl(client, iconPath),
    market: toMarket(market),
  }));
}

/** One sheet, or null when no sheet has this id. */
export async function fetchTokenSheet(client: Backend, id: string): Promise<TokenSheet | null> {
  const answer = await client
    .from('tokens')
    .select('*, token_translations(*), token_market(*)')
    .eq('id', id)
    .maybeSingle();
  throwIfFailed(answer);
  const row = answer.data;
  if (row === null) return null;
  const texts: TokenSheet['texts'] = {};
  for (const text of row.token_translations) {
    if (!isLanguage(text.language)) continue;
    texts[text.language] = {
      about: text.about,
      quickSummary: text.quick_summary,
      history: text.history,
      technology: text.technology,
      useCases: text.use_cases,
      ecosystem: text.ecosystem,
      strengths: text.strengths,
      challenges: text.challenges,
      howToBuy: text.how_to_buy,
      howToStore: text.how_to_store,
      commonMistakes: text.common_mistakes,
    };
  }
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.rank,
    iconUrl: tokenIconUrl(client, row.icon_path),
    market: toMarket(row.token_market),
    websiteUrl: row.website_url,
    whitepaperUrl: row.whitepaper_url,
    providerUrl: row.provider_url,
    lastReviewed: row.last_reviewed,
    texts,
  };
}

/** When the market figures were last refreshed successfully, or null before the first time. */
export async function fetchLastMarketRefresh(client: Backend): Promise<string | null> {
  const answer = await client.from('market_refresh_status').select('last_success_at').maybeSingle();
  throwIfFailed(answer);
  return answer.data?.last_success_at ?? null;
}
