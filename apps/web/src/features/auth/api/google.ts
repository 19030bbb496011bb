import type { AccountDetails, GoogleSignInConfig, SandboxGoogleAccount } from '@casino/contracts/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { browserName, platformName } from './client-details';

/** How the sign-in screen offers Google: Google Identity Services, or the sandbox account chooser. */
export const googleSignInConfigOptions = queryOptions({
  queryKey: ['googleSignInConfig'],
  queryFn: () => http.get<GoogleSignInConfig>('user/google-sign-in'),
  staleTime: Infinity,
});

/** The sandbox chooser's test accounts. */
export const sandboxGoogleAccountsOptions = queryOptions({
  queryKey: ['sandboxGoogleAccounts'],
  queryFn: () => http.get<{ rows: SandboxGoogleAccount[] }>('dev/google/accounts'),
  staleTime: Infinity,
});

/** The ID token the sandbox "Google" signs for a chosen test account. */
export async function sandboxIdToken(account: SandboxGoogleAccount): Promise<string> {
  return (await http.post<{ credential: string }>('dev/google/id-token', account)).data.credential;
}

/** POST /user/googleLogin with a Google ID token; answers the account (the profile itself is read by its query). */
export function googleLogin(credential: string) {
  return http.post<AccountDetails>('user/googleLogin', { credential, browser: browserName(), platform: platformName() });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
