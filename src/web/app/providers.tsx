import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP client already retries 5 times with exponential delay.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        throwOnError: (err) => err instanceof ApiError && err.status >= 500,
      },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
