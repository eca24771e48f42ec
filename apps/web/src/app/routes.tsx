import {
  LOGIN_CALLBACK_PATH,
  PAGE_ROUTES,
  type PageRoute,
  type ScreenId,
  SERVER_ERROR_PATH,
} from '@portico/domain';
import { lazy, type ReactNode, useEffect } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { useBrandName } from '@/lib/config/app-config';
import { RootLayout } from './layouts/RootLayout';
import { SCREENS } from './screens';

// Every screen is its own chunk: the shell (header, bars, footer, guards) is all the entry loads.
const HomeRoute = lazy(() => import('./pages/HomeRoute'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ServerErrorPage = lazy(() => import('./pages/ServerErrorPage'));
const CallbackPage = lazy(() => import('@/features/auth/pages/CallbackPage'));

/** Sets the document title for the page it wraps: "{page} · {brand}". */
function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  const brand = useBrandName();
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : `${brand} · Partner Portal`;
  }, [title, brand]);
  return children;
}

/**
 * A page of PAGE_ROUTES: the screen a feature declares under its screen id. Every page has one
 * (screens.test.ts); a page without would be left out and answer the not-found page.
 */
function pageRoutes(route: PageRoute<ScreenId>): RouteObject[] {
  const Screen = route.screen ? SCREENS.get(route.screen) : undefined;
  if (!Screen) return [];
  return [
    {
      path: route.pattern ?? route.path,
      element: (
        <Titled title={route.title}>
          <Screen />
        </Titled>
      ),
    },
  ];
}

/** The route tree: the app's own pages, and every page of PAGE_ROUTES (packages/domain). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: (
          <Titled title={null}>
            <HomeRoute />
          </Titled>
        ),
      },
      {
        path: LOGIN_CALLBACK_PATH,
        element: (
          <Titled title="Signing in">
            <CallbackPage />
          </Titled>
        ),
      },
      {
        path: SERVER_ERROR_PATH,
        element: (
          <Titled title="Server error">
            <ServerErrorPage />
          </Titled>
        ),
      },
      ...PAGE_ROUTES.flatMap(pageRoutes),
      {
        path: '*',
        element: (
          <Titled title="Page not found">
            <NotFoundPage />
          </Titled>
        ),
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
