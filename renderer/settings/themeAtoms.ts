import { atom } from 'jotai';
import { platformAtom } from '../platform/platformAtom';
import { StorageKey } from './storageKeys';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type EffectiveTheme = 'light' | 'dark';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export const themePreferenceAtom = atom<ThemePreference>('system');

/** The operating system's request for dark colours, as a media query. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Whether the operating system currently asks for dark colours; kept live by a listener
 * (app/useDocumentPreferences.ts). Read at once, so that the first render already has the
 * right theme: the page written at build follows the system until then (styles/global.css),
 * and a first render in light colours would switch it to light and back.
 */
export const systemPrefersDarkAtom = atom(
  typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches,
);

export const effectiveThemeAtom = atom<EffectiveTheme>((get) => {
  const preference = get(themePreferenceAtom);
  if (preference === 'system') return get(systemPrefersDarkAtom) ? 'dark' : 'light';
  return preference;
});

export const changeThemeAtom = atom(null, async (get, set, preference: ThemePreference) => {
  set(themePreferenceAtom, preference);
  await get(platformAtom)
    .storage.set(StorageKey.theme, preference)
    .catch(() => undefined);
});
