import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setAfterLogin } from '../features/auth';
import { requestLocationCheck } from '../features/geolocation';
import { ApiError, setHttpEventHandlers } from '../lib/http';
import { createSessionHandlers } from './session-handlers';

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

/** Where the session handlers navigate: the router's navigate once main.tsx has a router. */
let navigate: (path: string) => void = (path) => window.location.assign(path);

export function setSessionNavigator(next: (path: string) => void): void {
  navigate = next;
}

setHttpEventHandlers(
  createSessionHandlers({ queryClient, navigate: (path) => navigate(path), load: (path) => window.location.assign(path) }),
);

// A player who signs in is located at once (seed 000 section 4, reason LOGIN).
setAfterLogin(() => void requestLocationCheck('LOGIN'));

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
