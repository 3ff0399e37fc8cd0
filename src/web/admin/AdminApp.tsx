import './admin.scss';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AdminApiError } from './admin-api';
import { consoleI18n } from './admin-i18n';
import { InvitePage } from './auth/InvitePage';
import { ConsoleRoutes } from './ConsoleRoutes';
import { ConsoleErrorView } from './components/ConsoleErrorView';
import { ConsoleSpinner } from './components/ConsoleSpinner';
import { StaffSessionProvider } from './session';

function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // admin-api retries network failures itself; a 4xx is an answer, not a hiccup.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
        throwOnError: (err) => err instanceof AdminApiError && err.status >= 500,
      },
    },
  });
}

/**
 * The staff console at /admin/*: a React tree of its own beside the member app (no member session, live events,
 * push or layout), with its own texts (admin-i18n.ts), query cache and staff session. Public screens: the
 * invitation (/admin/invite?token=); every other address shows the sign-in until a staff member is signed in.
 */
function AdminApp({ i18n }: { i18n: I18n }) {
  const [client] = useState(createConsoleQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<ConsoleSpinner />}>
          <StaffSessionProvider>
            <Routes>
              <Route path="invite" element={<InvitePage />} />
              <Route path="*" element={<ConsoleRoutes />} />
            </Routes>
          </StaffSessionProvider>
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

let loadedI18n: I18n | undefined;

function ConsoleRoot() {
  return <AdminApp i18n={loadedI18n!} />;
}

function ConsoleError() {
  return (
    <I18nextProvider i18n={loadedI18n!}>
      <ConsoleErrorView />
    </I18nextProvider>
  );
}

/** For the router's lazy /admin/* route: the console's texts are ready before its first screen renders. */
export async function loadConsole(): Promise<{ Component: ComponentType; ErrorBoundary: ComponentType }> {
  loadedI18n = await consoleI18n();
  return { Component: ConsoleRoot, ErrorBoundary: ConsoleError };
}
