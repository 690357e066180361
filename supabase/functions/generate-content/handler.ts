import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { bearerClaims } from '../_shared/bearer.ts';
import {
  isLanguage,
  TOKEN_LIST_SECTIONS,
  TOKEN_TEXT_SECTIONS,
  type ContentProblem,
} from './contentRules.ts';
import { readOutput } from './output.ts';
import { buildMessages, type GenerationPrompt, type Language } from './prompt.ts';
import { callChatCompletions } from './provider.ts';
import { readGeneratorSettings, type GenerateContentEnv } from './settings.ts';

// The content generator: an admin asks for a dictionary term or a section of a token sheet on
// a topic; the function asks an OpenAI-compatible model for the three languages as JSON, checks
// the answer with the shared content rules and stores it as a draft in `generated_content`.
// Web-standard APIs and supabase-js only: Deno runs it through index.ts, the local stack in Node.
//
// Every database request goes through PostgREST with the caller's own JWT (and the public anon
// key), so the tables' policies apply to it as to the admin's browser: the function holds no
// privilege of its own, and the draft's author is the caller (the column's default, auth.uid()).
//
//   GET, or POST {action: 'status'}   -> 200 {configured: true, model} | {configured: false, problems}
//   POST {kind: 'term', topic}
//   POST {kind: 'tokenSection', tokenId, section, topic?}
//                                     -> 201 {draft} (the stored row)
// Errors, as {error: <code>, ...} JSON:
//   401 not_signed_in       no user session (anon key, or a token the database refuses)
//   403 forbidden           signed in, not an admin
//   503 not_configured      {problems: [{variable, problem: 'missing' | 'invalid'}]}; no call made
//   400 invalid_request     {problems: ContentProblem[]} on the request's fields
//   404 token_not_found     no sheet has this id
//   504 provider_timeout    no answer within GENERATOR_TIMEOUT_SECONDS
//   429 provider_rate_limited  {retry_after_seconds?}, with the provider's Retry-After header
//   502 provider_error      {provider_status?}: another failure status, or the provider unreachable
//   502 malformed_output    {reason: 'envelope' | 'truncated' | 'not_json' | 'rules', problems?}
//   500 database_unavailable

export type { GenerateContentEnv } from './settings.ts';

export interface GenerateContentOptions {
  /**
   * The abort signal of one provider call; default a timeout of GENERATOR_TIMEOUT_SECONDS. Tests
   * pass a signal they abort themselves, so a slow provider is tested without waiting.
   */
  providerSignal?: (timeoutMs: number) => AbortSignal;
}

/** The longest topic, in characters: a subject and an angle, not a brief. */
export const TOPIC_MAX_LENGTH = 200;

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json', ...headers },
  });

const invalid = (problems: ContentProblem[]): Response =>
  json(400, { error: 'invalid_request', problems });

interface Caller {
  authorization: string;
  userId: string;
}

/**
 * The signed-in user of the Bearer token, or undefined for the anon key or no token. The
 * signature is checked by the functions host (verify_jwt) and again by PostgREST on every
 * request made with it below.
 */
function callerOf(request: Request): Caller | undefined {
  const claims = bearerClaims(request);
  if (claims?.role !== 'authenticated' || claims.sub === undefined || claims.sub === '') {
    return undefined;
  }
  return { authorization: `Bearer ${claims.token}`, userId: claims.sub };
}

type AdminCheck = 'admin' | 'not_admin' | 'refused' | 'failed';

async function checkAdmin(db: SupabaseClient, userId: string): Promise<AdminCheck> {
  const answer = await db.rpc('has_role', { _user_id: userId, _role: 'admin' });
  if (answer.error !== null) {
    console.error(`generate-content: has_role failed (${answer.status}): ${answer.error.message}`);
    return answer.status === 401 ? 'refused' : 'failed';
  }
  return answer.data === true ? 'admin' : 'not_admin';
}

type Body = Record<string, unknown>;

async function readBody(request: Request): Promise<Body | undefined> {
  if (request.method === 'GET') return { action: 'status' };
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Body)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The topic, with its line breaks and runs of spaces made single spaces (it is one prompt line). */
function readTopic(value: unknown, required: boolean, problems: ContentProblem[]): string {
  if (value === undefined || value === null) {
    if (required) problems.push({ field: 'topic', code: 'missing' });
    return '';
  }
  if (typeof value !== 'string') {
    problems.push({ field: 'topic', code: 'wrongType', params: { expected: 'string' } });
    return '';
  }
  const topic = value.replace(/\s+/g, ' ').trim();
  if (required && topic === '') problems.push({ field: 'topic', code: 'empty' });
  // Characters as the database and the form count them: code points, not UTF-16 units.
  let length = 0;
  for (const _ of topic) length += 1;
  if (length > TOPIC_MAX_LENGTH) {
    problems.push({ field: 'topic', code: 'tooLong', params: { length, max: TOPIC_MAX_LENGTH } });
  }
  return topic;
}

type GenerationRequest =
  | { kind: 'term'; topic: string }
  | { kind: 'tokenSection'; topic: string; tokenId: string; section: string };

function readRequest(body: Body): GenerationRequest | ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (body.kind === 'term') {
    const topic = readTopic(body.topic, true, problems);
    return problems.length > 0 ? problems : { kind: 'term', topic };
  }
  if (body.kind !== 'tokenSection') {
    return [
      body.kind === undefined
        ? { field: 'kind', code: 'missing' }
        : { field: 'kind', code: 'notAllowed', params: { allowed: 'term, tokenSection' } },
    ];
  }
  const topic = readTopic(body.topic, false, problems);
  const { tokenId, section } = body;
  if (typeof tokenId !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(tokenId)) {
    problems.push(
      tokenId === undefined
        ? { field: 'tokenId', code: 'missing' }
        : { field: 'tokenId', code: 'tokenIdShape' },
    );
  }
  if (
    typeof section !== 'string' ||
    !(TOKEN_TEXT_SECTIONS as readonly string[]).includes(section)
  ) {
    problems.push(
      section === undefined
        ? { field: 'section', code: 'missing' }
        : {
            field: 'section',
            code: 'notAllowed',
            params: { allowed: TOKEN_TEXT_SECTIONS.join(', ') },
          },
    );
  }
  if (problems.length > 0 || typeof tokenId !== 'string' || typeof section !== 'string') {
    return problems;
  }
  return { kind: 'tokenSection', topic, tokenId, section };
}

interface TokenRow {
  id: string;
  name: string;
  symbol: string;
  rank: number | null;
  token_translations: Record<string, unknown>[];
}

type PromptResult = GenerationPrompt | Response;

async function termPrompt(db: SupabaseClient, topic: string): Promise<PromptResult> {
  const { data, error } = await db.from('terms').select('slug').order('slug');
  if (error !== null) {
    console.error(`generate-content: reading the terms failed: ${error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  const existingSlugs = (data as { slug: string }[]).map(({ slug }) => slug);
  return { kind: 'term', topic, existingSlugs };
}

async function tokenSectionPrompt(
  db: SupabaseClient,
  request: Extract<GenerationRequest, { kind: 'tokenSection' }>,
): Promise<PromptResult> {
  // The section is one of TOKEN_TEXT_SECTIONS: a column name of token_translations.
  const { data, error } = await db
    .from('tokens')
    .select(`id, name, symbol, rank, token_translations(language, ${request.section})`)
    .eq('id', request.tokenId)
    .maybeSingle();
  if (error !== null) {
    console.error(`generate-content: reading the sheet failed: ${error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  if (data === null) return json(404, { error: 'token_not_found' });
  const token = data as unknown as TokenRow;
  const current: Partial<Record<Language, string | readonly string[]>> = {};
  for (const row of token.token_translations) {
    const language = row.language;
    const value = row[request.section];
    if (!isLanguage(language)) continue;
    if (typeof value === 'string' && value !== '') current[language] = value;
    if (Array.isArray(value) && value.length > 0) current[language] = value.map(String);
  }
  const form = (TOKEN_LIST_SECTIONS as readonly string[]).includes(request.section)
    ? 'list'
    : 'text';
  return {
    kind: 'tokenSection',
    topic: request.topic,
    token: { id: token.id, name: token.name, symbol: token.symbol, rank: token.rank },
    section: request.section,
    form,
    current,
  };
}

export async function handleGenerateContent(
  request: Request,
  env: GenerateContentEnv,
  options: GenerateContentOptions = {},
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST' && request.method !== 'GET') {
    return json(405, { error: 'method_not_allowed' });
  }
  const caller = callerOf(request);
  if (caller === undefined) return json(401, { error: 'not_signed_in' });
  const db = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: caller.authorization } },
  });
  switch (await checkAdmin(db, caller.userId)) {
    case 'refused':
      return json(401, { error: 'not_signed_in' });
    case 'failed':
      return json(500, { error: 'database_unavailable' });
    case 'not_admin':
      return json(403, { error: 'forbidden' });
    case 'admin':
      break;
  }

  const body = await readBody(request);
  if (body === undefined) {
    return invalid([{ field: '', code: 'wrongType', params: { expected: 'object' } }]);
  }
  const reading = readGeneratorSettings(env);
  if (body.action === 'status') {
    return reading.configured
      ? json(200, { configured: true, model: reading.settings.model })
      : json(200, { configured: false, problems: reading.problems });
  }
  if (!reading.configured) {
    return json(503, { error: 'not_configured', problems: reading.problems });
  }
  const generation = readRequest(body);
  if (Array.isArray(generation)) return invalid(generation);

  const prompt =
    generation.kind === 'term'
      ? await termPrompt(db, generation.topic)
      : await tokenSectionPrompt(db, generation);
  if (prompt instanceof Response) return prompt;

  const { settings } = reading;
  const signal = (options.providerSignal ?? ((ms) => AbortSignal.timeout(ms)))(settings.timeoutMs);
  const messages = buildMessages(prompt, new Date().toISOString().slice(0, 10));
  const answer = await callChatCompletions(settings, messages, signal);
  if (!answer.ok) {
    console.error(`generate-content: ${JSON.stringify(answer)}`);
    switch (answer.error) {
      case 'provider_timeout':
        return json(504, { error: 'provider_timeout' });
      case 'provider_rate_limited':
        return answer.retryAfter === undefined
          ? json(429, { error: 'provider_rate_limited' })
          : json(
              429,
              { error: 'provider_rate_limited', retry_after_seconds: answer.retryAfter },
              { 'retry-after': String(answer.retryAfter) },
            );
      case 'provider_error':
        return json(502, {
          error: 'provider_error',
          ...(answer.status === undefined ? {} : { provider_status: answer.status }),
        });
      case 'malformed_output':
        return json(502, { error: 'malformed_output', reason: answer.reason });
    }
  }
  const output = readOutput(prompt, answer.content);
  if (!output.ok) {
    console.error(`generate-content: the model's answer was refused (${output.reason})`);
    return json(502, {
      error: 'malformed_output',
      reason: output.reason,
      ...(output.reason === 'rules' ? { problems: output.problems } : {}),
    });
  }

  const isTerm = prompt.kind === 'term';
  const slug = isTerm ? String(output.payload.slug) : '';
  const stored = await db
    .from('generated_content')
    .insert({
      kind: prompt.kind,
      target: isTerm ? `term:${slug}` : `token:${prompt.token.id}:${prompt.section}`,
      topic: prompt.topic,
      token_id: isTerm ? null : prompt.token.id,
      section: isTerm ? null : prompt.section,
      payload: output.payload,
      model: settings.model,
    })
    .select('*')
    .single();
  if (stored.error !== null) {
    console.error(`generate-content: storing the draft failed: ${stored.error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  return json(201, { draft: stored.data as unknown });
}
