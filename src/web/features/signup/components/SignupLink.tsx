import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSettings } from '../../site/api/settings';
import { DESKTOP_MIN_WIDTH, useSignupModal } from '../open-signup';
import { signupsAllowed } from '../signups-allowed';

/** A link to signup that opens the signup modal on desktop (a plain link to /signup on phones and without JS). */
export function SignupLink({
  memberId,
  className,
  children,
  testId,
}: {
  memberId?: number;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const modal = useSignupModal();
  const settings = useSettings();
  // Where signing up is closed for this visitor, there is no signup button at all.
  if (!signupsAllowed(settings)) return null;
  const to = memberId ? `/members/${memberId}/signup` : '/signup';
  return (
    <Link
      to={to}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        if (modal && window.innerWidth >= DESKTOP_MIN_WIDTH) {
          e.preventDefault();
          modal.show(memberId);
        }
      }}
    >
      {children}
    </Link>
  );
}
