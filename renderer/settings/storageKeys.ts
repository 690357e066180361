/** Keys under which essential preferences are kept by the platform storage adapter. */
export const StorageKey = {
  language: 'language',
  theme: 'theme',
} as const;
