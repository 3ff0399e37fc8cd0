import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { memberHome } from './built-routes';

/**
 * Where the member is going after ending the session on purpose (deleting the account): while that page loads, the
 * session may already be found gone (a refetch of the user, the live connection closing), and the members-area page
 * left behind must then send the member on there, not to the login page.
 */
let departure: { to: string; state: unknown } | null = null;

/** The member is leaving the members area for `to` with its session ended; see RequireAuth. */
export function leaveMembersArea(to: string, state?: unknown): void {
  departure = { to, state };
}

/** The page the member left for has shown: signed-out visitors of members-area pages go to the login page again. */
export function arrivedAfterLeaving(): void {
  departure = null;
}

/** Members-area pages: a signed-out visitor is sent to the login page, and comes back after logging in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (user === undefined) return <PageSpinner />;
  if (user === null && departure) return <Navigate to={departure.to} state={departure.state} replace />;
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
