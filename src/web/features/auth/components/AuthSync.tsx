import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onAuthenticationRequired } from '../../../lib/http';
import { userQuery, useSetUser } from '../api/session';

/** A 403 authentication_required from any call logs the member out quietly and leaves members-only pages. */
export function AuthSync() {
  const setUser = useSetUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(
    () =>
      onAuthenticationRequired(() => {
        // A signed-out visitor asking for something that needs an account is not being logged out: the screen
        // that asked shows its own sign-up prompt.
        if (!client.getQueryData(userQuery.queryKey)) return;
        setUser(null);
        navigate('/', { replace: true });
      }),
    [setUser, navigate, client],
  );
  return null;
}
