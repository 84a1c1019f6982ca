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

export function AppProvider({ children, onLoggedOut, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <AuthProvider onLoggedOut={onLoggedOut}>{children}</AuthProvider>
      </QueryClientProvider>
      <Toaster
        position="top-right"
        duration={toastDurations.default}
        visibleToasts={maxVisibleToasts}
        richColors
        closeButton
      />
    </ErrorBoundary>
  );
}
