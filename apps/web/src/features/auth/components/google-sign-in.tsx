import type { GoogleSignInConfig } from '@casino/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/http';
import { googleSignInConfigOptions, useGoogleLogin } from '../api/google';
import { completeLogin } from '../login-success';

/** Signs in with a Google ID token and finishes like a password login (seed 000 section 4). */
export function useGoogleCredential() {
  const queryClient = useQueryClient();
  const googleLogin = useGoogleLogin();
  return {
    pending: googleLogin.isPending,
    submit: async (credential: string) => {
      try {
        const { data } = await googleLogin.mutateAsync(credential);
        completeLogin(data, queryClient);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
  };
}

const GoogleMark = (
  <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
  </svg>
);

/**
 * Sign in with Google. In sandbox mode the button opens the sandbox account chooser (`onSandbox`);
 * with real Google it renders Google Identity Services' own button.
 */
export function GoogleSignInButton({ onSandbox }: { onSandbox: () => void }) {
  const { data: config } = useQuery(googleSignInConfigOptions);
  if (!config) return <div className="h-12" aria-hidden="true" />;
  if (config.mode === 'google') return <GoogleIdentityButton config={config} />;
  return (
    <button
      type="button"
      onClick={onSandbox}
      className="flex h-12 w-full cursor-pointer items-center justify-center gap-3 rounded-xl border border-night-500 bg-white font-semibold text-[#1f1f1f] transition hover:brightness-95"
    >
      {GoogleMark}
      Sign in with Google
    </button>
  );
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

let identityScript: Promise<GoogleIdentity> | undefined;

/** Google Identity Services, loaded once and only when real Google sign-in is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  identityScript ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google sign-in did not load'));
    };
    script.onerror = () => {
      identityScript = undefined;
      reject(new Error('Google sign-in could not be loaded. Please try again.'));
    };
    document.head.append(script);
  });
  return identityScript;
}

function GoogleIdentityButton({ config }: { config: GoogleSignInConfig }) {
  const container = useRef<HTMLDivElement>(null);
  const { submit } = useGoogleCredential();
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !container.current) return;
        google.accounts.id.initialize({
          client_id: config.clientId,
          ux_mode: 'popup',
          callback: (response) => void submitRef.current(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          theme: 'filled_black',
          size: 'large',
          shape: 'pill',
          text: 'signin_with',
          width: Math.min(container.current.clientWidth || 320, 400),
        });
      })
      .catch((error: unknown) => {
        if (active) setFailed((error as Error).message);
      });
    return () => {
      active = false;
    };
  }, [config.clientId]);

  if (failed) return <p className="text-center text-sm text-danger">{failed}</p>;
  return <div ref={container} className="flex min-h-11 w-full justify-center" />;
}
