/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Built from content/ by scripts/contentIndexPlugin.ts. */
declare module 'virtual:content-index' {
  /** Each language's dictionary terms as [slug, title]. */
  export const termTitles: Readonly<
    Record<string, readonly (readonly [slug: string, title: string])[]>
  >;
  export const counts: Readonly<{ terms: number; tokens: number; modules: number }>;
}
