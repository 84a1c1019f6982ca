import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { maxVisibleToasts, toastDurations } from '../lib/toast';

type AppProviderProps = {
  children: ReactNode;
  onLoggedOut: () => void;
  queryClient?: QueryClient;
};

function AppToaster() {
  return <Toaster position="top-right" duration={toastDurations.default} visibleToasts={maxVisibleToasts} richColors closeButton />;
}

export function AppProvider({ children, onLoggedOut, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <AuthProvider onLoggedOut={onLoggedOut}>{children}</AuthProvider>
      </QueryClientProvider>
      <AppToaster />
    </ErrorBoundary>
  );
}

/**
 * What the public Web Avatar page needs and nothing more: no sign-in state and no session check, so it runs inside any site's frame (where storage may be blocked) on its own.
 */
export function PublicProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
      <AppToaster />
    </ErrorBoundary>
  );
}
