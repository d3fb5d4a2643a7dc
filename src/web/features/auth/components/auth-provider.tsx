import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useMemo } from 'react';
import type { CurrentUser, LoginInput, RegisterCustomerInput } from '#shared/schemas/auth.ts';
import type { RegisterVendorInput } from '#shared/schemas/vendor-registration.ts';
import { login, logout, register, registerVendor, SESSION_QUERY_KEY, sessionQuery } from '../api/session.ts';

export interface AuthContextValue {
  /** the signed-in user `{ uid, email, name, role, addresses, … }`, or null when signed out */
  user: CurrentUser | null;
  /** true while the session is being determined */
  loading: boolean;
  signIn: (input: LoginInput) => Promise<CurrentUser>;
  signUp: (input: RegisterCustomerInput) => Promise<CurrentUser>;
  signUpVendor: (input: RegisterVendorInput) => Promise<CurrentUser>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The current user from the server's session. Failures are logged and rethrown to the caller;
 * a session that cannot be read counts as signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);

  const signedIn = useCallback(
    (user: CurrentUser) => {
      // What was cached for the previous visitor's account belongs to them, not to this user.
      queryClient.removeQueries({ queryKey: ['addresses'] });
      queryClient.setQueryData(SESSION_QUERY_KEY, { user });
      return user;
    },
    [queryClient],
  );

  const withLogging = useCallback(async <T,>(what: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      console.error(`${what} failed:`, error);
      throw error;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.data?.user ?? null,
      loading: session.isPending,
      signIn: (input) => withLogging('Sign in', async () => signedIn((await login(input)).user)),
      signUp: (input) => withLogging('Registration', async () => signedIn((await register(input)).user)),
      signUpVendor: (input) => withLogging('Vendor registration', async () => signedIn((await registerVendor(input)).user)),
      signOut: () =>
        withLogging('Sign out', async () => {
          await logout();
          queryClient.removeQueries({ queryKey: ['addresses'] });
          queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
        }),
    }),
    [session.data, session.isPending, signedIn, withLogging, queryClient],
  );

  if (session.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center text-slate-600">
        Loading authentication...
      </div>
    );
  }
  return <AuthContext value={value}>{children}</AuthContext>;
}
