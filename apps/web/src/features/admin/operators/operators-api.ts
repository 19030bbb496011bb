import type { CreateOperatorRequest, OperatorRole, OperatorRow } from '@casino/contracts/admin';
import type { Paged } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** Operators management (admins): list, create, roles, disable, reset two-factor. */
const key = ['admin', 'operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => adminHttp.get<Paged<OperatorRow>>('operators', undefined, signal) });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOperatorRequest) => adminHttp.post<OperatorRow>('operators', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export type OperatorChange =
  { kind: 'roles'; roles: OperatorRole[] } | { kind: 'disabled'; disabled: boolean } | { kind: 'reset-two-factor' };

export function useChangeOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ operatorId, change, reason }: { operatorId: number; change: OperatorChange; reason: string }) => {
      switch (change.kind) {
        case 'roles':
          return adminHttp.put<OperatorRow>(`operators/${operatorId}/roles`, { roles: change.roles, reason });
        case 'disabled':
          return adminHttp.put<OperatorRow>(`operators/${operatorId}/disabled`, { disabled: change.disabled, reason });
        case 'reset-two-factor':
          return adminHttp.post<OperatorRow>(`operators/${operatorId}/two-factor/reset`, { reason });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
