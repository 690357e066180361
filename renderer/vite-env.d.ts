/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Built from content/ by scripts/contentIndexPlugin.ts: each language's terms as [slug, title]. */
declare module 'virtual:term-titles' {
  export const termTitles: Readonly<
    Record<string, readonly (readonly [slug: string, title: string])[]>
  >;
}

/** Built from content/ by scripts/contentIndexPlugin.ts: the catalogue's counts. */
declare module 'virtual:content-counts' {
  export const counts: Readonly<{ terms: number; tokens: number; modules: number }>;
}
