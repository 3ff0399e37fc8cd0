import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/http';

/** GET /api/user.php: the signed-in member, or null. The single source of "am I logged in". */
export const userQuery = queryOptions({
  queryKey: ['user'],
  queryFn: () => api<{ user: CurrentUser | null }>('api/user.php').then((r) => r.user),
  staleTime: 60_000,
});

export function useCurrentUser(): CurrentUser | null | undefined {
  return useQuery(userQuery).data;
}

/** Replaces the cached user after a call that answered it (login, signup, reset, reactivation). */
export function useSetUser() {
  const client = useQueryClient();
  return useCallback(
    (user: CurrentUser | null) => {
      client.setQueryData(userQuery.queryKey, user);
      if (!user) {
        // Nothing of the previous member may linger in the cache.
        client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' && q.queryKey[0] !== 'settings' });
      }
    },
    [client],
  );
}

export async function logout(): Promise<void> {
  await api('api/logout.php').catch(() => undefined);
}
