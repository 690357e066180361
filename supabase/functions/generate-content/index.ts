import { handleGenerateContent } from './handler.ts';

// The Deno entry of the hosted function; the local stack runs handler.ts in Node instead. Its
// secrets (`supabase secrets set`): GENERATOR_BASE_URL, GENERATOR_MODEL, GENERATOR_API_KEY and
// optionally GENERATOR_TIMEOUT_SECONDS. SUPABASE_URL and SUPABASE_ANON_KEY are the platform's.

// Declared here so that Node's type-check needs no Deno types; under Deno it shadows the global.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): unknown;
};

Deno.serve((request) =>
  handleGenerateContent(request, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    GENERATOR_BASE_URL: Deno.env.get('GENERATOR_BASE_URL'),
    GENERATOR_API_KEY: Deno.env.get('GENERATOR_API_KEY'),
    GENERATOR_MODEL: Deno.env.get('GENERATOR_MODEL'),
    GENERATOR_TIMEOUT_SECONDS: Deno.env.get('GENERATOR_TIMEOUT_SECONDS'),
  }),
);
