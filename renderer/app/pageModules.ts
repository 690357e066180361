import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from './routeTable';

type LazyPage = LazyExoticComponent<ComponentType>;

// Each page is its own chunk, fetched when its route is first visited.
export const PAGE_COMPONENTS: Record<PageKey, LazyPage> = {
  home: lazy(() => import('../pages/HomePage')),
  auth: lazy(() => import('../pages/AuthPage')),
  dictionary: lazy(() => import('../pages/DictionaryPage')),
  dictionaryTerm: lazy(() => import('../pages/DictionaryTermPage')),
  tokens: lazy(() => import('../pages/TokensPage')),
  tokenDetail: lazy(() => import('../pages/TokenDetailPage')),
  favorites: lazy(() => import('../pages/FavoritesPage')),
  tools: lazy(() => import('../pages/ToolsPage')),
  learning: lazy(() => import('../pages/LearningPage')),
  learningModule: lazy(() => import('../pages/LearningModulePage')),
  strategies: lazy(() => import('../pages/StrategiesPage')),
  risks: lazy(() => import('../pages/RisksPage')),
  about: lazy(() => import('../pages/AboutPage')),
  partners: lazy(() => import('../pages/PartnersPage')),
  contact: lazy(() => import('../pages/ContactPage')),
  faq: lazy(() => import('../pages/FaqPage')),
  legal: lazy(() => import('../pages/LegalPage')),
  privacy: lazy(() => import('../pages/PrivacyPage')),
  cookies: lazy(() => import('../pages/CookiesPage')),
  terms: lazy(() => import('../pages/TermsPage')),
  profile: lazy(() => import('../pages/ProfilePage')),
  resetPassword: lazy(() => import('../pages/ResetPasswordPage')),
  admin: lazy(() => import('../pages/AdminPage')),
  adminDashboard: lazy(() => import('../pages/AdminDashboardPage')),
  adminTerms: lazy(() => import('../pages/AdminTermsPage')),
  adminTokens: lazy(() => import('../pages/AdminTokensPage')),
  adminContentGenerator: lazy(() => import('../pages/AdminContentGeneratorPage')),
  adminUsers: lazy(() => import('../pages/AdminUsersPage')),
  adminMessages: lazy(() => import('../pages/AdminMessagesPage')),
};

export const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
