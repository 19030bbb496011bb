import type { AdminWheel, ContentVersion, UpdateWheelWeightsRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The spin wheel's weights: read, change (on the version shown), kept versions. */
const key = ['admin', 'content', 'spin-wheel'] as const;

export function useWheel() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => adminHttp.get<AdminWheel>('content/spin-wheel', undefined, signal) });
}

export function useWheelVersions() {
  return useQuery({
    queryKey: [...key, 'versions'],
    queryFn: ({ signal }) => adminHttp.get<{ rows: ContentVersion[]; count: number }>('content/spin-wheel/versions', undefined, signal),
  });
}

export function useSaveWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWheelWeightsRequest) => adminHttp.put<AdminWheel>('content/spin-wheel', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
