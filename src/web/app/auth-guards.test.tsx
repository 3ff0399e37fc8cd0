// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../shared/schemas/accounts';
import { arrivedAfterLeaving, leaveMembersArea, RequireAuth } from './auth-guards';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['user'], { id: 1 } as CurrentUser);
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <RequireAuth>
            <p>settings</p>
          </RequireAuth>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  arrivedAfterLeaving();
  cleanup();
});

describe('RequireAuth', () => {
  it('sends a visitor whose session is gone to the login page, coming back afterwards', async () => {
    const client = renderAt('/notifications');
    expect(screen.getByText('settings')).toBeTruthy();
    act(() => client.setQueryData(['user'], null));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?next=%2Fnotifications' + 'null');
  });

  it('sends a member who just deleted the account on to the notice, even if the session is found gone first', async () => {
    const client = renderAt('/notifications');
    leaveMembersArea('/account-deleted', { justDeleted: true });
    act(() => client.setQueryData(['user'], null));
    expect((await screen.findByTestId('where')).textContent).toBe('/account-deleted{"justDeleted":true}');
  });

  it('sends to the login page again once the page left for has shown', async () => {
    leaveMembersArea('/account-deleted', { justDeleted: true });
    arrivedAfterLeaving();
    const client = renderAt('/notifications');
    act(() => client.setQueryData(['user'], null));
    expect((await screen.findByTestId('where')).textContent).toMatch(/^\/login\?next=/);
  });
});
