import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AccessGate } from '../pages/parts/AccessGate';
import RouteErrorPage from '../pages/RouteErrorPage';
import { NotFoundPage, PAGE_COMPONENTS } from './pageModules';
import { ROUTES, type RouteEntry } from './routeTable';

// Downloaded with the first page that reads the backend, not at start-up.
const QueryCache = lazy(() => import('./QueryCache'));

function pageRoute(route: RouteEntry): RouteObject {
  const Page = PAGE_COMPONENTS[route.page];
  const page = route.readsData ? (
    <QueryCache>
      <Page />
    </QueryCache>
  ) : (
    <Page />
  );
  const element =
    route.access === 'public' ? (
      page
    ) : (
      <AccessGate access={route.access} page={route.page}>
        {page}
      </AccessGate>
    );
  return route.path === '/' ? { index: true, element } : { path: route.path, element };
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that fails to render shows the error inside the frame, not instead of it.
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [...ROUTES.map(pageRoute), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
