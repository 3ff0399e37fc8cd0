import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onAuthenticationRequired } from '../../../lib/http';
import { useSetUser } from '../api/session';

/** A 403 authentication_required from any call logs the member out quietly and leaves members-only pages. */
export function AuthSync() {
  const setUser = useSetUser();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAuthenticationRequired(() => {
        setUser(null);
        navigate('/', { replace: true });
      }),
    [setUser, navigate],
  );
  return null;
}
