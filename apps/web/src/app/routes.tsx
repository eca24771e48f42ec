import { LOGIN_CALLBACK_PATH, PAGE_ROUTES, type PageRoute, SERVER_ERROR_PATH } from '@portico/domain';
import { type ComponentType, lazy, type ReactNode, useEffect } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { useBrandName } from '@/lib/config/app-config';
import { RootLayout } from './layouts/RootLayout';

// Every screen is its own chunk: the shell (header, bars, footer, guards) is all the entry loads.
const HomeRoute = lazy(() => import('./pages/HomeRoute'));
const DashboardRoute = lazy(() => import('./pages/DashboardRoute'));
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ServerErrorPage = lazy(() => import('./pages/ServerErrorPage'));
const CallbackPage = lazy(() => import('@/features/auth/pages/CallbackPage'));
const PolicyPage = lazy(() => import('@/features/legal/pages/PolicyPage'));
const CountryCarrierPage = lazy(() => import('@/features/reference/pages/CountryCarrierPage'));
const WalletRoutes = lazy(() => import('./pages/WalletRoutes'));
const AccountsScreen = lazy(() => import('@/features/accounts/pages/AccountsScreen'));

/** Capabilities whose screens share one lazy module that picks the page by path (PageRoute.capability). */
const CAPABILITY_SCREENS: Readonly<Record<string, ComponentType>> = {
  Accounts: AccountsScreen,
  'Wallet, rate plans and pricing': WalletRoutes,
};

/** Screens built so far, by page path; every other page of PAGE_ROUTES renders its placeholder frame. */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/u/dashboard': DashboardRoute,
  '/developer-pp': () => <PolicyPage policy="privacy" />,
  '/developer-tos': () => <PolicyPage policy="terms" />,
  '/rbm-terms': () => <PolicyPage policy="messaging-terms" />,
  '/rbm-policies': () => <PolicyPage policy="messaging-policies" />,
  '/country-carrier-page': CountryCarrierPage,
};

/** Sets the document title for the page it wraps: "{page} · {brand}". */
function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  const brand = useBrandName();
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : `${brand} · Partner Portal`;
  }, [title, brand]);
  return children;
}

function pageRoute(route: PageRoute): RouteObject {
  const Screen = SCREENS[route.path] ?? (route.capability ? CAPABILITY_SCREENS[route.capability] : undefined);
  return {
    path: route.pattern ?? route.path,
    element: <Titled title={route.title}>{Screen ? <Screen /> : <PlaceholderPage route={route} />}</Titled>,
  };
}

/** The route tree, generated from PAGE_ROUTES (packages/domain) plus the app's own pages. */
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
      ...PAGE_ROUTES.map(pageRoute),
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
