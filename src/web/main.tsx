import './lib/zod-jitless';
import 'bootstrap-icons/font/bootstrap-icons.css';
import './styles/main.scss';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isLocale } from '../shared/locales';
import { createQueryClient, Providers } from './app/providers';
import { createRouter } from './app/router';
import { PageSpinner } from './components/ui/PageSpinner';
import { captureInstallPrompt } from './features/pwa/install-prompt';
import { fetchSettings, settingsQuery } from './features/site/api/settings';
import { installChunkReloadHandler } from './lib/chunk-reload';
import { ApiError } from './lib/http';
import { cookieLocale, initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { installStandaloneClass } from './lib/standalone';
import { captureTrackingParams } from './lib/tracking';
import { reportTrackedVisit } from './lib/visit';
import { BootError } from './pages/error/BootError';

/** The staff console (/admin): its own texts and session, no site settings (it works on any host of the app). */
const isConsolePath = (path: string) => path === '/admin' || path.startsWith('/admin/');

async function start(): Promise<void> {
  installChunkReloadHandler();
  installStandaloneClass();
  // The installed app: the offline page, the cached shell and push (lib/service-worker.ts), the install offer.
  captureInstallPrompt();
  void registerServiceWorker();
  if (isConsolePath(window.location.pathname)) {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <RouterProvider router={createRouter()} />
      </StrictMode>,
    );
    return;
  }
  // Settings see the full query (network, ...) before the tracking parameters are stripped from the URL.
  const search = window.location.search;
  captureTrackingParams();
  // An arrival from an ad (network or ref in the address) counts as a visit of its traffic source (figures).
  reportTrackedVisit(search);
  const client = createQueryClient();
  const root = createRoot(document.getElementById('root')!);
  try {
    const settings = await fetchSettings(search);
    client.setQueryData(settingsQuery.queryKey, settings);
    await initI18n(
      cookieLocale() ?? (isLocale(settings.domain_language) ? settings.domain_language : undefined),
    );
  } catch (err) {
    await initI18n(undefined).catch(() => undefined);
    root.render(
      <BootError error={err instanceof ApiError ? err : new ApiError(0, 'network_error', String(err))} />,
    );
    return;
  }
  const router = createRouter();
  root.render(
    <StrictMode>
      <Providers client={client}>
        <Suspense fallback={<PageSpinner />}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}

void start();
