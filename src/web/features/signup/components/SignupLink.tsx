import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DESKTOP_MIN_WIDTH, useSignupModal } from '../open-signup';

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
