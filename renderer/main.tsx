import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { App } from './app/App';
import { handOffWhenDrawn } from './app/prerenderedView';
import { localFavoritesAtom } from './features/favorites/favoritesAtoms';
import { parseLocalFavorites } from './features/favorites/localFavorites';
import { startI18n } from './i18n/i18n';
import { initialLanguage } from './i18n/initialLanguage';
import { platformAtom } from './platform/platformAtom';
import { languageAtom } from './settings/languageAtoms';
import { StorageKey } from './settings/storageKeys';
import { isThemePreference, themePreferenceAtom } from './settings/themeAtoms';
import './styles/global.css';
import './styles/prerendered.css';

const store = createStore();
const { storage } = store.get(platformAtom);

// Preferences are read before the first paint so the page never flashes the wrong language or theme.
const [storedLanguage, storedTheme, storedFavorites] = await Promise.all([
  storage.get(StorageKey.language).catch(() => null),
  storage.get(StorageKey.theme).catch(() => null),
  storage.get(StorageKey.favorites).catch(() => null),
]);
const language = initialLanguage(window.location.search, storedLanguage);
// A page written at build in another language than the reader's (an address without `?lang=`
// gets the French one) goes at once, rather than showing a language they did not choose.
const written = document.getElementById('prerendered');
if (written && document.documentElement.lang !== language) written.remove();
store.set(languageAtom, language);
if (isThemePreference(storedTheme)) store.set(themePreferenceAtom, storedTheme);
store.set(localFavoritesAtom, parseLocalFavorites(storedFavorites));
document.documentElement.lang = language;
await startI18n(language);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
if (written?.isConnected) handOffWhenDrawn(written, container);
const root = createRoot(container);
// A transition lets React draw the first page in short slices, between which the browser stays
// free to answer the reader (a first render in one piece blocked the main thread for 170 ms on a
// slow phone); the written page is on screen meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});
