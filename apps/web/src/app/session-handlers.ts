import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAuthDialog, useAuthStore } from '../features/auth';
import { onLocationRefused } from '../features/geolocation';
import type { ApiError, HttpEventHandlers } from '../lib/http';
import { storageKeys } from '../lib/storage';

/**
 * What a failed request means for the session, in one place (seed 000 section 8): a
 * 401 while a player is stored (the session expired or was ended elsewhere) clears
 * the stored player and goes to / with the login dialog and one toast, however many requests
 * fail at once; 3008/3082 (expired, no longer valid) do the same through a fresh load of /
 * (the seed's 'clear storage and reload'), the toast and the dialog following the load, while a
 * player is stored (after this device forgot the player they change nothing); a 403
 * clears and goes to /; a 504 toasts.
 */
const SESSION_ENDED_NOTICE = 'sessionEndedNotice';

export interface SessionHandlerDeps {
  queryClient: QueryClient;
  /** Client-side navigation (the router's), so the app does not reload. */
  navigate: (path: string) => void;
  /** A full page load (window.location.assign). */
  load: (path: string) => void;
}

function tellSessionEnded(message: string): void {
  toast.error(message, { id: 'session-ended' });
  useAuthDialog.getState().show('login');
}

/** After the fresh load that 3008/3082 cause: the toast and the login dialog, once. */
export function useSessionEndedNotice(): void {
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(SESSION_ENDED_NOTICE);
      sessionStorage.removeItem(SESSION_ENDED_NOTICE);
    } catch {
      // No session storage: nothing was left to tell.
    }
    if (message) tellSessionEnded(message);
  }, []);
}

export function createSessionHandlers({ queryClient, navigate, load }: SessionHandlerDeps): HttpEventHandlers {
  let loading = false;

  function clearLocalState(): void {
    const coin = localStorage.getItem(storageKeys.coin);
    useAuthStore.getState().clear();
    localStorage.clear();
    if (coin) localStorage.setItem(storageKeys.coin, coin);
    queryClient.clear();
  }

  return {
    onUnauthorized: (error: ApiError) => {
      // Only the first 401 finds a stored player: the ones that follow it change nothing.
      if (!useAuthStore.getState().isAuthenticated) return;
      clearLocalState();
      navigate('/');
      tellSessionEnded(error.message);
    },
    onForbidden: () => {
      clearLocalState();
      if (window.location.pathname !== '/') window.location.assign('/');
    },
    onSessionEnded: (error: ApiError) => {
      // No stored player: this device already let the player go (a self-exclusion or time break
      // ends the session on the server and shows its own confirmation), so a late request that
      // still named the ended session has nothing to tell, like the 401s above.
      if (loading || !useAuthStore.getState().isAuthenticated) return;
      loading = true;
      clearLocalState();
      try {
        sessionStorage.setItem(SESSION_ENDED_NOTICE, error.message);
      } catch {
        // The load still logs the player out; only the notice is lost.
      }
      load('/');
    },
    onTimeout: () => {
      toast.error('Request timeout');
    },
    onLocationRefused: (error: ApiError) => {
      const refusal = error.errors[0];
      if (refusal) onLocationRefused(refusal.details, refusal.errorCode);
    },
  };
}
