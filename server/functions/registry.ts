import {
  handleRefreshMarket,
  retryAfterSeconds,
  type RefreshMarketEnv,
  type RefreshMarketOptions,
} from '../../supabase/functions/refresh-market/handler.ts';
import {
  handleProviderCoin,
  type ProviderCoinOptions,
} from '../../supabase/functions/provider-coin/handler.ts';
import {
  handleRefreshTopCoins,
  type RefreshTopCoinsOptions,
} from '../../supabase/functions/refresh-top-coins/handler.ts';
import {
  handleGenerateContent,
  type GenerateContentEnv,
  type GenerateContentOptions,
} from '../../supabase/functions/generate-content/handler.ts';
import { JobError, RetryLaterError } from './scheduler.ts';
import type { FunctionHandler } from './service.ts';

// The functions the local stack hosts: the handlers of supabase/functions/, with the
// environment the hosted runtime would give them. A getter, because SUPABASE_URL (the stack's
// own URL) is known only once the server listens.

/** The generator's settings are optional: unset, it answers not_configured and calls nothing. */
export type LocalFunctionsEnv = RefreshMarketEnv &
  Partial<Omit<GenerateContentEnv, 'SUPABASE_URL'>>;

export type LocalFunctions = {
  'refresh-market': FunctionHandler;
  'refresh-top-coins': FunctionHandler;
  'provider-coin': FunctionHandler;
  'generate-content': FunctionHandler;
};

export interface LocalFunctionsOptions {
  refreshMarket?: RefreshMarketOptions;
  refreshTopCoins?: RefreshTopCoinsOptions;
  providerCoin?: ProviderCoinOptions;
  generateContent?: GenerateContentOptions;
}

export function localFunctions(
  env: LocalFunctionsEnv | (() => LocalFunctionsEnv),
  options: LocalFunctionsOptions = {},
): LocalFunctions {
  const current = typeof env === 'function' ? env : () => env;
  return {
    'refresh-market': (request) => handleRefreshMarket(request, current(), options.refreshMarket),
    'refresh-top-coins': (request) =>
      handleRefreshTopCoins(request, current(), options.refreshTopCoins),
    'provider-coin': (request) => handleProviderCoin(request, current(), options.providerCoin),
    'generate-content': (request) => {
      const { SUPABASE_URL, SUPABASE_ANON_KEY = '', ...generator } = current();
      return handleGenerateContent(
        request,
        {
          SUPABASE_URL,
          SUPABASE_ANON_KEY,
          GENERATOR_BASE_URL: generator.GENERATOR_BASE_URL,
          GENERATOR_API_KEY: generator.GENERATOR_API_KEY,
          GENERATOR_MODEL: generator.GENERATOR_MODEL,
          GENERATOR_TIMEOUT_SECONDS: generator.GENERATOR_TIMEOUT_SECONDS,
        },
        options.generateContent,
      );
    },
  };
}

/** The provider settings from the environment: COINGECKO_BASE_URL, COINGECKO_API_KEY. */
export function providerEnv(
  env: Record<string, string | undefined> = process.env,
): Pick<LocalFunctionsEnv, 'COINGECKO_BASE_URL' | 'COINGECKO_API_KEY'> {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  return {
    COINGECKO_BASE_URL: get('COINGECKO_BASE_URL'),
    COINGECKO_API_KEY: get('COINGECKO_API_KEY'),
  };
}

/**
 * The content generator's settings from the environment: GENERATOR_BASE_URL, GENERATOR_API_KEY,
 * GENERATOR_MODEL, GENERATOR_TIMEOUT_SECONDS (see supabase/functions/generate-content/settings.ts).
 */
export function generatorEnv(
  env: Record<string, string | undefined> = process.env,
): Pick<
  LocalFunctionsEnv,
  'GENERATOR_BASE_URL' | 'GENERATOR_API_KEY' | 'GENERATOR_MODEL' | 'GENERATOR_TIMEOUT_SECONDS'
> {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  return {
    GENERATOR_BASE_URL: get('GENERATOR_BASE_URL'),
    GENERATOR_API_KEY: get('GENERATOR_API_KEY'),
    GENERATOR_MODEL: get('GENERATOR_MODEL'),
    GENERATOR_TIMEOUT_SECONDS: get('GENERATOR_TIMEOUT_SECONDS'),
  };
}

/** The `error` field of a function's JSON answer, or '' when it has none. */
function errorCode(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      return typeof parsed.error === 'string' ? parsed.error : '';
    }
  } catch {
    // Not JSON: the status alone names the problem.
  }
  return '';
}

/**
 * A scheduler job that runs a function in process as the service role would call it, and fails
 * (for the log) when it does not answer 2xx; with a RetryLaterError when the answer carries a
 * Retry-After, so that the scheduler waits at least that long.
 */
export function functionJob(
  handler: FunctionHandler,
  name: string,
  baseUrl: () => string,
  serviceKey: string,
): () => Promise<void> {
  return async () => {
    const response = await handler(
      new Request(`${baseUrl()}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceKey}`, apikey: serviceKey },
      }),
    );
    const text = await response.text();
    if (response.ok) return;
    const message = `${name} answered ${response.status} ${text.slice(0, 200)}`;
    // The status and the body's error code name the problem; the rest of the body may vary.
    const kind = `${name} ${response.status} ${errorCode(text)}`;
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    throw retryAfter === undefined
      ? new JobError(message, kind)
      : new RetryLaterError(message, retryAfter * 1000, kind);
  };
}
