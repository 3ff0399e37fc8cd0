import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { memberHome } from './built-routes';

/** Members-area pages: a signed-out visitor is sent to the login page, and comes back after logging in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (user === undefined) return <PageSpinner />;
  if (user === null)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}

/** Login and signup: a signed-in member is sent to the members' home instead. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user === undefined) return <PageSpinner />;
  if (user) return <Navigate to={memberHome()} replace />;
  return <>{children}</>;
}

/** Only a relative in-app path may be a redirect target (no open redirect to another site). */
export function safeNext(next: string | null): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}
