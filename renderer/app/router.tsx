import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AccessGate } from '../pages/parts/AccessGate';
import RouteErrorPage from '../pages/RouteErrorPage';
import { NotFoundPage, PAGE_COMPONENTS } from './pageModules';
import { ROUTES, type RouteEntry } from './routeTable';

function pageRoute(route: RouteEntry): RouteObject {
  const Page = PAGE_COMPONENTS[route.page];
  const element =
    route.access === 'public' ? (
      <Page />
    ) : (
      <AccessGate access={route.access} page={route.page}>
        <Page />
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
