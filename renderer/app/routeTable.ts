/**
 * Every route of the product with the page key that names it in the `pages` translations. Kept
 * free of React so tests, the sitemap and the bench can read it.
 */
export type Access = 'public' | 'account' | 'admin';

export interface RouteEntry {
  readonly path: string;
  readonly page: PageKey;
  readonly access: Access;
  /** A concrete URL for tests and the sitemap when the path has a parameter. */
  readonly example?: string;
  /** The page reads the backend through the query cache (app/QueryCache.tsx). */
  readonly readsData?: boolean;
}

export const PAGE_KEYS = [
  'home',
  'auth',
  'dictionary',
  'dictionaryTerm',
  'tokens',
  'tokenDetail',
  'favorites',
  'tools',
  'learning',
  'learningModule',
  'strategies',
  'risks',
  'about',
  'partners',
  'contact',
  'faq',
  'legal',
  'privacy',
  'cookies',
  'terms',
  'profile',
  'resetPassword',
  'admin',
  'adminDashboard',
  'adminTerms',
  'adminTokens',
  'adminContentGenerator',
  'adminUsers',
  'adminMessages',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'home', access: 'public' },
  { path: '/auth', page: 'auth', access: 'public' },
  { path: '/dictionary', page: 'dictionary', access: 'public', readsData: true },
  {
    path: '/dictionary/:slug',
    page: 'dictionaryTerm',
    access: 'public',
    example: '/dictionary/blockchain',
    readsData: true,
  },
  { path: '/tokens', page: 'tokens', access: 'public', readsData: true },
  {
    path: '/tokens/:id',
    page: 'tokenDetail',
    access: 'public',
    example: '/tokens/bitcoin',
    readsData: true,
  },
  { path: '/favorites', page: 'favorites', access: 'public', readsData: true },
  { path: '/tools', page: 'tools', access: 'public' },
  { path: '/learning', page: 'learning', access: 'public', readsData: true },
  {
    path: '/learning/:moduleSlug',
    page: 'learningModule',
    access: 'public',
    example: '/learning/what-is-a-blockchain',
    readsData: true,
  },
  { path: '/strategies', page: 'strategies', access: 'public' },
  { path: '/risks', page: 'risks', access: 'public' },
  { path: '/about', page: 'about', access: 'public' },
  { path: '/partners', page: 'partners', access: 'public' },
  { path: '/contact', page: 'contact', access: 'public' },
  { path: '/faq', page: 'faq', access: 'public' },
  { path: '/legal', page: 'legal', access: 'public' },
  { path: '/privacy', page: 'privacy', access: 'public' },
  { path: '/cookies', page: 'cookies', access: 'public' },
  { path: '/terms', page: 'terms', access: 'public' },
  { path: '/profile', page: 'profile', access: 'account', readsData: true },
  { path: '/reset-password', page: 'resetPassword', access: 'public' },
  { path: '/admin', page: 'admin', access: 'admin', readsData: true },
  { path: '/admin/dashboard', page: 'adminDashboard', access: 'admin', readsData: true },
  { path: '/admin/terms', page: 'adminTerms', access: 'admin', readsData: true },
  { path: '/admin/tokens', page: 'adminTokens', access: 'admin', readsData: true },
  {
    path: '/admin/content-generator',
    page: 'adminContentGenerator',
    access: 'admin',
    readsData: true,
  },
  { path: '/admin/users', page: 'adminUsers', access: 'admin', readsData: true },
  { path: '/admin/messages', page: 'adminMessages', access: 'admin', readsData: true },
];

/** The URL to visit for a route: its example when it has a parameter. */
export function concreteUrl(route: RouteEntry): string {
  return route.example ?? route.path;
}
