import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { adminApi, onStaffAuthRequired, STAFF_AUTH_REQUIRED } from './admin-api';
import { type ConsoleStaff, meCall } from './auth/auth-api';
import { ConsoleSpinner } from './components/ConsoleSpinner';

/**
 * Who is signed in to the console. GET /api/admin/me.php answers the staff member or 401; any call that answers
 * 401 staff_authentication_required later ends the session here: the page the staff member was on stays, and the
 * sign-in shows in its place with "your session has ended", so signing in again returns to it.
 */
interface SessionValue {
  staff: ConsoleStaff | null;
  /** True when a session ended while the console was open (not at the first visit). */
  expired: boolean;
  signedIn(staff: ConsoleStaff): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
export const ME_KEY = ['console', 'me'] as const;

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [expired, setExpired] = useState(false);
  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) =>
      meCall(signal).catch((err: unknown) => {
        if (err instanceof Error && 'code' in err && err.code === STAFF_AUTH_REQUIRED) return null;
        throw err;
      }),
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: true,
  });

  // Nothing staff-only stays in memory once the session is gone; the 'me' query stays observed and becomes null.
  const forget = useCallback(() => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] || q.queryKey[1] !== ME_KEY[1] });
    client.setQueryData(ME_KEY, null);
  }, [client]);

  useEffect(
    () =>
      onStaffAuthRequired(() => {
        if (!client.getQueryData<ConsoleStaff | null>(ME_KEY)) return;
        setExpired(true);
        forget();
      }),
    [client, forget],
  );

  const signedIn = useCallback(
    (staff: ConsoleStaff) => {
      setExpired(false);
      client.setQueryData(ME_KEY, staff);
    },
    [client],
  );

  const signOut = useCallback(async () => {
    try {
      await adminApi('api/admin/logout.php', { method: 'POST', body: {} });
    } finally {
      setExpired(false);
      forget();
    }
  }, [forget]);

  const value = useMemo(
    () => ({ staff: me.data ?? null, expired, signedIn, signOut }),
    [me.data, expired, signedIn, signOut],
  );
  if (me.isPending) return <ConsoleSpinner />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useStaffSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useStaffSession outside StaffSessionProvider');
  return value;
}

/** The signed-in staff member (only inside the signed-in part of the console). */
export function useStaff(): ConsoleStaff {
  const { staff } = useStaffSession();
  if (!staff) throw new Error('useStaff without a session');
  return staff;
}
