import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '#web/features/auth/components/auth-provider.tsx';
import { CartProvider } from '#web/features/cart/components/cart-provider.tsx';
import { ApiError } from '#web/lib/api-client.ts';

/** The app's query cache: one per browser tab, and one per page the server renders. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (400, 404) will not change on retry; network and 5xx errors might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>{children}</CartProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
