import type { AdminPopup, ContentVersion, UpdatePopupRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The popups: list, change one (on the version shown), kept versions. */
const key = ['admin', 'content', 'popups'] as const;

export function useAdminPopups() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminHttp.get<{ rows: AdminPopup[]; count: number }>('content/popups', undefined, signal),
  });
}

export function usePopupVersions(popupId: number) {
  return useQuery({
    queryKey: [...key, popupId, 'versions'],
    queryFn: ({ signal }) =>
      adminHttp.get<{ rows: ContentVersion[]; count: number }>(`content/popups/${popupId}/versions`, undefined, signal),
  });
}

export function useSavePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ popupId, body }: { popupId: number; body: UpdatePopupRequest }) =>
      adminHttp.put<AdminPopup>(`content/popups/${popupId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
