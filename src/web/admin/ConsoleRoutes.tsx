import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PasswordPage } from './account/PasswordPage';
import { SignInPage } from './auth/SignInPage';
import { ConsoleSpinner } from './components/ConsoleSpinner';
import { NotAllowedPage, NotFoundPage } from './components/StatusPages';
import { HomePage } from './home/HomePage';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { roleAllows } from './roles';
import { SECTIONS } from './sections';
import { useStaffSession } from './session';

/**
 * The signed-in console: home, own account, and one route per section of sections.tsx (with everything below it).
 * Without a session every address shows the sign-in in place, so the page asked for opens once signed in.
 */
export function ConsoleRoutes() {
  const { staff, expired } = useStaffSession();
  if (!staff) return <SignInPage expired={expired} />;
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<HomePage />} />
        <Route path="account" element={<PasswordPage />} />
        {SECTIONS.map((s) => (
          <Route
            key={s.id}
            path={`${s.path}/*`}
            element={
              roleAllows(staff.role, s.minRole) ? (
                <Suspense fallback={<ConsoleSpinner />}>
                  <s.Component />
                </Suspense>
              ) : (
                <NotAllowedPage />
              )
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
