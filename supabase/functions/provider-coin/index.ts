import { handleProviderCoin } from './handler.ts';

// The Deno entry of the hosted function; the local stack runs handler.ts in Node. Deploy it with
// JWT verification on (the default): admins call it from the admin page with their own token.

// Declared here so that Node's type-check needs no Deno types; under Deno it shadows the global.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): unknown;
};

Deno.serve((request) =>
  handleProviderCoin(request, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    COINGECKO_BASE_URL: Deno.env.get('COINGECKO_BASE_URL'),
    COINGECKO_API_KEY: Deno.env.get('COINGECKO_API_KEY'),
  }),
);
