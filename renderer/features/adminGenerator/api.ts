import { BackendError, dataOf, throwIfFailed } from '../../app/backendError';
import { TOKEN_TEXT_SECTIONS, type TokenTextSection } from '../../../shared/content/tokenRules';
import type { Json } from '../../../shared/database.types';
import type { Backend } from '../../session/supabaseClient';
import { GeneratorError } from './generatorError';

// The content generator's data: the `generate-content` function (status and generation), the
// drafts in `generated_content` (read, edited and discarded through the table's admin policies)
// and `admin_publish_draft`, which writes a draft into the catalogue.

export const GENERATOR_FUNCTION = 'generate-content';
export const DRAFTS_SHOWN = 50;

export type DraftKind = 'term' | 'tokenSection';
export type DraftStatus = 'draft' | 'published' | 'rejected';

/** One variable the function lacks or cannot use. */
export interface SettingProblem {
  variable: string;
  problem: 'missing' | 'invalid';
}

export type GeneratorStatus =
  { configured: true; model: string } | { configured: false; problems: SettingProblem[] };

export type GenerationRequest =
  | { kind: 'term'; topic: string }
  | { kind: 'tokenSection'; tokenId: string; section: TokenTextSection; topic: string };

export interface Draft {
  id: string;
  kind: DraftKind;
  target: string;
  topic: string;
  tokenId: string | null;
  section: TokenTextSection | null;
  /** A term (TermInput) or a section's {fr, en, es}; checked by the editor, not trusted. */
  payload: unknown;
  status: DraftStatus;
  model: string | null;
  createdAt: string;
  publishedAt: string | null;
}

export interface TokenChoice {
  id: string;
  name: string;
  symbol: string;
  rank: number | null;
}

export type PublishedTarget =
  | { kind: 'term'; slug: string }
  | { kind: 'tokenSection'; token_id: string; section: TokenTextSection };

interface DraftRow {
  id: string;
  kind: string;
  target: string;
  topic: string;
  token_id: string | null;
  section: string | null;
  payload: Json;
  status: string;
  model: string | null;
  created_at: string;
  published_at: string | null;
}

const isSection = (value: string | null): value is TokenTextSection =>
  value !== null && (TOKEN_TEXT_SECTIONS as readonly string[]).includes(value);

function toDraft(row: DraftRow): Draft {
  return {
    id: row.id,
    kind: row.kind === 'tokenSection' ? 'tokenSection' : 'term',
    target: row.target,
    topic: row.topic,
    tokenId: row.token_id,
    section: isSection(row.section) ? row.section : null,
    payload: row.payload,
    status: row.status === 'published' || row.status === 'rejected' ? row.status : 'draft',
    model: row.model,
    createdAt: row.created_at,
    publishedAt: row.published_at,
  };
}

/** What the function answered instead of its result: its JSON error, or a network failure. */
async function failureOf(error: unknown): Promise<GeneratorError> {
  const context: unknown =
    typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
  if (!(context instanceof Response)) return new GeneratorError('network', 0, {});
  let body: unknown;
  try {
    body = await context.json();
  } catch {
    body = undefined;
  }
  const details =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof details.error === 'string' ? details.error : 'unknown';
  return new GeneratorError(code, context.status, details);
}

async function invoke<T>(client: Backend, body: Record<string, unknown>): Promise<T> {
  const result = await client.functions.invoke<T>(GENERATOR_FUNCTION, { body });
  const error: unknown = result.error;
  if (error !== null) throw await failureOf(error);
  if (result.data === null) throw new GeneratorError('unknown', 200, {});
  return result.data;
}

/** Whether the function can generate, and with which model; never its secrets. */
export function fetchGeneratorStatus(client: Backend): Promise<GeneratorStatus> {
  return invoke<GeneratorStatus>(client, { action: 'status' });
}

/** Asks the model for a draft; the function checks it with the content rules and stores it. */
export async function generateDraft(client: Backend, request: GenerationRequest): Promise<Draft> {
  const { draft } = await invoke<{ draft: DraftRow }>(client, { ...request });
  return toDraft(draft);
}

const DRAFT_COLUMNS =
  'id, kind, target, topic, token_id, section, payload, status, model, created_at, published_at';

/** The latest drafts, newest first, whatever their status. */
export async function fetchDrafts(client: Backend): Promise<Draft[]> {
  const rows = dataOf(
    await client
      .from('generated_content')
      .select(DRAFT_COLUMNS)
      .order('created_at', { ascending: false })
      .limit(DRAFTS_SHOWN),
  );
  return rows.map(toDraft);
}

/** Keeps the admin's edits of a draft that is still a draft. */
export async function saveDraft(client: Backend, id: string, payload: Json): Promise<void> {
  const answer = await client
    .from('generated_content')
    .update({ payload })
    .eq('id', id)
    .select('id')
    .single();
  throwIfFailed(answer);
}

/** Discards a draft: it stays in the list as rejected and can no longer change. */
export async function discardDraft(client: Backend, id: string): Promise<void> {
  const answer = await client
    .from('generated_content')
    .update({ status: 'rejected' })
    .eq('id', id)
    .select('id')
    .single();
  throwIfFailed(answer);
}

/** Writes the (edited) draft into the catalogue and marks it published, in one transaction. */
export async function publishDraft(
  client: Backend,
  id: string,
  payload: Json,
): Promise<PublishedTarget> {
  const target = dataOf(await client.rpc('admin_publish_draft', { _id: id, _payload: payload }));
  if (typeof target !== 'object' || Array.isArray(target)) {
    throw new BackendError('admin_publish_draft answered no target.');
  }
  return target as unknown as PublishedTarget;
}

/** Every sheet, by name, for the choice of the sheet a section is for. */
export async function fetchTokenChoices(client: Backend): Promise<TokenChoice[]> {
  return dataOf(await client.from('tokens').select('id, name, symbol, rank').order('name'));
}
