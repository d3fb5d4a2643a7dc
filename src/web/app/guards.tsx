import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '#shared/schemas/auth.ts';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';

/** Signed-in users only; others go to /login and come back here afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login(back)} replace />;
  }
  return children;
}

/** One role only; anyone else goes to that role's login page. The API checks again. */
export function RequireRole({ role, loginPath, children }: { role: Role; loginPath: string; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || user.role !== role) return <Navigate to={loginPath} replace />;
  return children;
}
