import type { TAppConfig, TPartnerDetails } from '@portico/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/App';
import { AppRoutes } from '@/app/routes';
import { SessionBridge } from '@/app/session';
import { storeToken } from '@/lib/auth/token';
import { appConfigQueryOptions } from '@/lib/config/app-config';
import { queryClient as libQueryClient } from '@/lib/query-client';
import { sharedKeys } from '@/lib/query-keys';
import { APP_CONFIG } from './fixtures';

interface RenderAppOptions {
  /** Partner details as the query would hold them (null: 'User details not present'); undefined: signed out. */
  details?: TPartnerDetails | null;
  /** Other queries already answered: [queryKey, data]. */
  queries?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
  /** The app configuration GET /app-config answers (default: every external link configured). */
  appConfig?: TAppConfig;
}

/**
 * Renders the whole app at a path, with the partner-details query already answered (the real API
 * is covered by the e2e journeys).
 */
export function renderApp(
  path: string,
  { details, queries = [], appConfig = APP_CONFIG }: RenderAppOptions = {},
) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
    },
  });
  client.setQueryData(appConfigQueryOptions.queryKey, appConfig);
  libQueryClient.setQueryData(appConfigQueryOptions.queryKey, appConfig);
  for (const [key, data] of queries) client.setQueryData(key, data);
  if (details !== undefined) {
    storeToken({ access_token: 'test-jwt', expiresAt: Date.now() + 3_600_000 });
    client.setQueryData(sharedKeys.partnerDetails, details);
  }
  const utils = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SessionBridge />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, client };
}

/** The text of the option a native select shows. */
export function chosen(select: HTMLElement): string | null {
  return select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.textContent ?? null) : null;
}
