import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { AnimatedBackground } from '../features/background/AnimatedBackground';
import { AppUpdatePrompt } from '../offline/AppUpdatePrompt';
import { effectiveThemeAtom } from '../settings/themeAtoms';
import { Toaster } from '../toasts/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSpinner } from './PageSpinner';
import { ScrollToTop } from './ScrollToTop';
import { TabBar } from './TabBar';
import './layout.css';

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
      <AppUpdatePrompt />
      <ScrollToTop />
    </div>
  );
}
