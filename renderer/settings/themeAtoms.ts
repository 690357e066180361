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

/** Whether the operating system currently asks for dark colours; kept live by a listener. */
export const systemPrefersDarkAtom = atom(false);

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
