import { lazy, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { AnimatedBackground } from '../features/background/AnimatedBackground';
import { afterFirstPaint } from '../session/afterFirstPaint';
import { effectiveThemeAtom } from '../settings/themeAtoms';
import { Toaster } from '../toasts/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSpinner } from './PageSpinner';
import { ScrollToTop } from './ScrollToTop';
import { TabBar } from './TabBar';
import './layout.css';

// The offline worker and what it has to say come after the first paint, in their own chunk.
const OfflineStatus = lazy<() => ReactNode>(() =>
  afterFirstPaint()
    .then(() => import('../offline/OfflineStatus'))
    .then((module) => ({ default: module.OfflineStatus }))
    // Without its chunk (a network lost after the first paint) the page goes on without it.
    .catch(() => ({ default: () => null })),
);

/** The frame every page sits in. */
export function AppLayout() {
  const { t } = useTranslation();
  const theme = useAtomValue(effectiveThemeAtom);
  return (
    <div className="app-shell">
      <AnimatedBackground dark={theme === 'dark'} />
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <TabBar />
      <Toaster />
      <Suspense fallback={null}>
        <OfflineStatus />
      </Suspense>
      <ScrollToTop />
    </div>
  );
}
