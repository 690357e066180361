import { retryAfterSeconds } from '../refresh-market/handler.ts';
import type { ChatMessage } from './prompt.ts';
import type { GeneratorSettings } from './settings.ts';

// One call to an OpenAI-compatible `POST <base>/chat/completions`, asking for a JSON object
// (`response_format: {type: 'json_object'}`), with every way it can fail named. Nothing of the
// provider's answer but its status and Retry-After leaves this module on failure: a provider's
// error body may echo the request, and the request carries the key.

export type ProviderOutcome =
  | { ok: true; content: string }
  | { ok: false; error: 'provider_timeout' }
  | { ok: false; error: 'provider_rate_limited'; retryAfter: number | undefined }
  /** `status` is absent when the provider could not be reached at all. */
  | { ok: false; error: 'provider_error'; status: number | undefined }
  /** The HTTP answer is not a chat completion, or the model stopped before the end. */
  | { ok: false; error: 'malformed_output'; reason: 'envelope' | 'truncated' };

const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The message content of a chat completion, or why there is none. */
function readCompletion(body: unknown): ProviderOutcome {
  const choices =
    typeof body === 'object' && body !== null ? (body as { choices?: unknown }).choices : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  if (typeof first !== 'object' || first === null) {
    return { ok: false, error: 'malformed_output', reason: 'envelope' };
  }
  const { message, finish_reason: finishReason } = first as {
    message?: unknown;
    finish_reason?: unknown;
  };
  if (finishReason === 'length') {
    return { ok: false, error: 'malformed_output', reason: 'truncated' };
  }
  const content =
    typeof message === 'object' && message !== null
      ? (message as { content?: unknown }).content
      : undefined;
  if (typeof content !== 'string') {
    return { ok: false, error: 'malformed_output', reason: 'envelope' };
  }
  return { ok: true, content };
}

export async function callChatCompletions(
  settings: GeneratorSettings,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<ProviderOutcome> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (settings.apiKey !== undefined) headers.authorization = `Bearer ${settings.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: settings.model,
        messages,
        response_format: { type: 'json_object' },
      }),
      signal,
    });
  } catch (error) {
    if (isTimeout(error)) return { ok: false, error: 'provider_timeout' };
    return { ok: false, error: 'provider_error', status: undefined };
  }
  if (response.status === 429) {
    await response.body?.cancel();
    return {
      ok: false,
      error: 'provider_rate_limited',
      retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, error: 'provider_error', status: response.status };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isTimeout(error)) return { ok: false, error: 'provider_timeout' };
    return { ok: false, error: 'provider_error', status: response.status };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: 'malformed_output', reason: 'envelope' };
  }
  return readCompletion(body);
}
