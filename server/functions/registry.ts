import {
  handleRefreshMarket,
  retryAfterSeconds,
  type RefreshMarketEnv,
  type RefreshMarketOptions,
} from '../../supabase/functions/refresh-market/handler.ts';
import { RetryLaterError } from './scheduler.ts';
import type { FunctionHandler } from './service.ts';

// The functions the local stack hosts: the handlers of supabase/functions/, with the
// environment the hosted runtime would give them. A getter, because SUPABASE_URL (the stack's
// own URL) is known only once the server listens.

export type LocalFunctionsEnv = RefreshMarketEnv;

export type LocalFunctions = { 'refresh-market': FunctionHandler };

export interface LocalFunctionsOptions {
  refreshMarket?: RefreshMarketOptions;
}

export function localFunctions(
  env: LocalFunctionsEnv | (() => LocalFunctionsEnv),
  options: LocalFunctionsOptions = {},
): LocalFunctions {
  const current = typeof env === 'function' ? env : () => env;
  return {
    'refresh-market': (request) => handleRefreshMarket(request, current(), options.refreshMarket),
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
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    throw retryAfter === undefined
      ? new Error(message)
      : new RetryLaterError(message, retryAfter * 1000);
  };
}
