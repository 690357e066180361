import { FunctionsHttpError } from '@supabase/supabase-js';
import { BackendError, dataOf, throwIfFailed } from '../../app/backendError';
import { LANGUAGES, type Language } from '../../../shared/catalog';
import type { Json } from '../../../shared/database.types';
import {
  TOKEN_TEXT_SECTIONS,
  type TokenInput,
  type TokenTextSection,
} from '../../../shared/content/tokenRules';
import type { Backend } from '../../session/supabaseClient';
import { TOKEN_ICONS_BUCKET, tokenIconUrl } from '../tokens/api';

// The admin's requests on token sheets. The database refuses them all to anyone but an admin
// (admin_* functions: 42501; the icons bucket: its policies); these functions only ask.

/** How many texts a sheet has: every section in every language. */
export const TEXTS_PER_SHEET = TOKEN_TEXT_SECTIONS.length * LANGUAGES.length;

/** A row of the admin's list of sheets. */
export interface SheetSummary {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  lastReviewed: string | null;
  /** How many of the TEXTS_PER_SHEET texts are written. */
  textsWritten: number;
}

interface OverviewRow {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  last_reviewed: string | null;
  sections_filled: number;
}

export async function fetchSheetSummaries(client: Backend): Promise<SheetSummary[]> {
  const rows: OverviewRow[] = dataOf(await client.rpc('admin_token_overview'));
  return rows.map((row) => ({
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.rank,
    lastReviewed: row.last_reviewed,
    textsWritten: row.sections_filled,
  }));
}

/** A sheet as stored, for the editor. */
export interface StoredSheet {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  websiteUrl: string | null;
  whitepaperUrl: string | null;
  lastReviewed: string | null;
  /** The uploaded icon's object name in the icons bucket, when there is one. */
  iconPath: string | null;
  iconUrl: string | null;
  texts: Record<Language, Record<TokenTextSection, string | string[] | null>>;
}

/** One sheet with its three languages, or null when no sheet has this id. */
export async function fetchStoredSheet(client: Backend, id: string): Promise<StoredSheet | null> {
  const answer = await client
    .from('tokens')
    .select('*, token_translations(*)')
    .eq('id', id)
    .maybeSingle();
  throwIfFailed(answer);
  const row = answer.data;
  if (row === null) return null;
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => {
      const text = row.token_translations.find((candidate) => candidate.language === language);
      return [
        language,
        Object.fromEntries(
          TOKEN_TEXT_SECTIONS.map((section) => [section, text ? text[section] : null]),
        ),
      ];
    }),
  ) as StoredSheet['texts'];
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.rank,
    websiteUrl: row.website_url,
    whitepaperUrl: row.whitepaper_url,
    lastReviewed: row.last_reviewed,
    iconPath: row.icon_path,
    iconUrl: tokenIconUrl(client, row.icon_path),
    texts,
  };
}

/**
 * Creates (`originalId` null) or updates a sheet with its three languages in one transaction.
 * `iconPath`: the uploaded icon to show, null to show none, undefined to keep the current one.
 */
export async function saveSheet(
  client: Backend,
  originalId: string | null,
  token: TokenInput,
  iconPath: string | null | undefined,
): Promise<string> {
  // TokenInput holds only JSON values; an interface is not assignable to Json by itself.
  const sheet = token as unknown as { [key: string]: Json };
  const payload: Json = iconPath === undefined ? sheet : { ...sheet, icon_path: iconPath };
  // The generated argument types cannot say that a null original id (a creation) is accepted.
  const args = { _original_id: originalId, _token: payload } as {
    _original_id: string;
    _token: Json;
  };
  return dataOf(await client.rpc('admin_save_token', args));
}

/** Deletes a sheet (texts, market row and favourites go with it), then its icon files. */
export async function deleteSheet(client: Backend, id: string): Promise<void> {
  throwIfFailed(await client.rpc('admin_delete_token', { _id: id }));
  // The sheet is gone whatever happens next: a file left behind is only unused space.
  await removeIcons(client, await iconFiles(client, id)).catch(() => undefined);
}

/** Every uploaded icon file of a sheet. */
async function iconFiles(client: Backend, id: string): Promise<string[]> {
  const { data, error } = await client.storage.from(TOKEN_ICONS_BUCKET).list(id);
  if (error) throw new BackendError(error.message);
  return data.map((file) => `${id}/${file.name}`);
}

export async function removeIcons(client: Backend, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await client.storage.from(TOKEN_ICONS_BUCKET).remove([...paths]);
  if (error) throw new BackendError(error.message);
}

/**
 * Uploads a PNG icon for a sheet under a new name, so that no cache keeps showing an old one
 * (hence a year of caching). Returns the object's name, for saveSheet.
 */
export async function uploadIcon(client: Backend, id: string, png: Blob): Promise<string> {
  const path = `${id}/icon-${Date.now()}.png`;
  const { error } = await client.storage
    .from(TOKEN_ICONS_BUCKET)
    .upload(path, png, { contentType: 'image/png', cacheControl: '31536000', upsert: false });
  if (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    throw new BackendError(error.message, status === '403' ? '42501' : undefined);
  }
  return path;
}

/** What the market-data provider says of an id (asked by the provider-coin function). */
export type ProviderCoin =
  | { kind: 'found'; id: string; symbol: string; name: string; rank: number | null }
  | { kind: 'notFound' }
  | { kind: 'unavailable' };

function coinOf(data: unknown, id: string): ProviderCoin {
  if (typeof data !== 'object' || data === null) return { kind: 'unavailable' };
  const answer = data as Record<string, unknown>;
  if (answer.found === false) return { kind: 'notFound' };
  if (answer.found !== true || typeof answer.symbol !== 'string' || typeof answer.name !== 'string')
    return { kind: 'unavailable' };
  const rank = typeof answer.rank === 'number' ? answer.rank : null;
  return { kind: 'found', id, symbol: answer.symbol, name: answer.name, rank };
}

/** Looks an id up at the provider through our own function: the browser never calls it. */
export async function lookUpProviderCoin(client: Backend, id: string): Promise<ProviderCoin> {
  const answer = await client.functions.invoke<unknown>('provider-coin', { body: { id } });
  const error: unknown = answer.error;
  if (error === null) return coinOf(answer.data, id);
  if (error instanceof FunctionsHttpError) {
    const { status } = error.context as Response;
    if (status === 403) throw new BackendError('provider-coin refused the caller', '42501');
    if (status === 400) return { kind: 'notFound' };
  }
  return { kind: 'unavailable' };
}
