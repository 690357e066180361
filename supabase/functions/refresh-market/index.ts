import { handleRefreshMarket } from './handler.ts';

// The Deno entry of the hosted function: the local stack runs handler.ts in Node instead, on
// its own schedule (server/functions/scheduler.ts). Nothing in the repository schedules it on
// hosted Supabase: a POST with the service-role key must be scheduled there, for example with
// pg_cron and pg_net (docs/hosted-deployment.md#3-market-prices).

// Declared here so that Node's type-check needs no Deno types; under Deno it shadows the global.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): unknown;
};

Deno.serve((request) =>
  handleRefreshMarket(request, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    COINGECKO_BASE_URL: Deno.env.get('COINGECKO_BASE_URL'),
    COINGECKO_API_KEY: Deno.env.get('COINGECKO_API_KEY'),
  }),
);
