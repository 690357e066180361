import { handleRefreshTopCoins } from './handler.ts';

// The Deno entry of the hosted function; the local stack runs handler.ts in Node, once a day.
// On hosted Supabase, schedule a daily POST with the service-role key, as for refresh-market
// (docs/hosted-deployment.md).

// Declared here so that Node's type-check needs no Deno types; under Deno it shadows the global.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): unknown;
};

Deno.serve((request) =>
  handleRefreshTopCoins(request, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    COINGECKO_BASE_URL: Deno.env.get('COINGECKO_BASE_URL'),
    COINGECKO_API_KEY: Deno.env.get('COINGECKO_API_KEY'),
  }),
);
