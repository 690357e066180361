/**
 * The shape of a provider (CoinGecko) coin id, as the sheets use it: the same rule as
 * shared/content/tokenRules.ts, written again here because Deno cannot import valibot.
 */
export const COIN_ID = /^[a-z0-9][a-z0-9._-]*$/;
