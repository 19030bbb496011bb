import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { useAuthStore } from '../features/auth/auth-store';
import { ApiError, setHttpEventHandlers } from '../lib/http';
import { storageKeys } from '../lib/storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused request (4xx) will be refused again; retry only network trouble and 5xx.
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

/** What a failed request means for the session, in one place (seed 000 section 8). */
function clearLocalState(): void {
  const coin = localStorage.getItem(storageKeys.coin);
  useAuthStore.getState().clear();
  localStorage.clear();
  if (coin) localStorage.setItem(storageKeys.coin, coin);
  queryClient.clear();
}

setHttpEventHandlers({
  onUnauthorized: () => {
    if (useAuthStore.getState().isAuthenticated) clearLocalState();
  },
  onForbidden: () => {
    clearLocalState();
    if (window.location.pathname !== '/') window.location.assign('/');
  },
  onSessionEnded: () => {
    clearLocalState();
    window.location.reload();
  },
  onTimeout: () => {
    toast.error('Request timeout');
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
