import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { PorticoThemeProvider } from '@/theme/ThemeProvider';
import { AppRoutes } from './routes';
import { SessionBridge } from './session';

export function AppProviders({
  children,
  client = defaultQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <PorticoThemeProvider name="light">{children}</PorticoThemeProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
