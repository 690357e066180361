/** Keys under which essential preferences are kept by the platform storage adapter. */
export const StorageKey = {
  language: 'language',
  theme: 'theme',
  /** A visitor's favorite tokens (their ids as JSON), until they sign in. */
  favorites: 'favorites',
} as const;
