import type { MailInRequest, MailInRequestList, MailInRules } from '@casino/contracts/mail-in';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The mail-in entry page's reads and its one action (/api/v1/mail-in). */
export function mailInRulesQuery() {
  return queryOptions({
    queryKey: ['mail-in', 'rules'],
    queryFn: ({ signal }) => http.get<MailInRules>('mail-in/rules', undefined, signal),
  });
}

export function mailInRequestsQuery() {
  return queryOptions({
    queryKey: ['mail-in', 'requests'],
    queryFn: ({ signal }) => http.get<MailInRequestList>('mail-in/requests', undefined, signal),
  });
}

/** POST /mail-in/requests: a new code (3870 while one is open); the list is read again either way. */
export function useRequestMailInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<MailInRequest>('mail-in/requests', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['mail-in', 'requests'] }),
  });
}
