import type { OperatorLoginRequest, OperatorLoginResponse, OperatorSummary } from '@casino/contracts/admin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AdminApiError, adminHttp } from './admin-http';

/** The operator's session: who am I (null when signed out), the two sign-in steps, sign-out. */
export const meQueryKey = ['admin', 'me'] as const;

/**
 * A session started or ended: every back-office read is dropped, and who-am-I is set. The who-am-I
 * query itself is kept (its observers would not see a new one) and given the new answer.
 */
export function resetOperatorCache(queryClient: QueryClient, operator: OperatorSummary | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== meQueryKey[1] });
  queryClient.setQueryData(meQueryKey, operator);
}

export function useOperator() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return (await adminHttp.request<OperatorSummary>('GET', 'auth/me', { signal, quiet: true })).data;
      } catch (error) {
        if (error instanceof AdminApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSignIn() {
  return useMutation({
    mutationFn: async (input: OperatorLoginRequest) =>
      (await adminHttp.request<OperatorLoginResponse>('POST', 'auth/login', { body: input, quiet: true })).data,
  });
}

export function useSubmitCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await adminHttp.request<OperatorSummary>('POST', 'auth/totp', { body: { code }, quiet: true })).data,
    // A new session: nothing read under another one stays.
    onSuccess: (operator) => resetOperatorCache(queryClient, operator),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminHttp.request<{ signedOut: boolean }>('POST', 'auth/logout', { quiet: true }),
    onSettled: () => resetOperatorCache(queryClient, null),
  });
}
