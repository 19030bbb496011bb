import type { AdminPackage, ContentVersion, CreatePackageRequest, UpdatePackageRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The content desk's store packages and offers: list, change (on the version shown), kept versions. */
const key = ['admin', 'content', 'packages'] as const;

export function useAdminPackages() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminHttp.get<{ rows: AdminPackage[]; count: number }>('content/packages', undefined, signal),
  });
}

export function usePackageVersions(packageId: number) {
  return useQuery({
    queryKey: [...key, packageId, 'versions'],
    queryFn: ({ signal }) =>
      adminHttp.get<{ rows: ContentVersion[]; count: number }>(`content/packages/${packageId}/versions`, undefined, signal),
  });
}

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { kind: 'create'; body: CreatePackageRequest } | { kind: 'update'; packageId: number; body: UpdatePackageRequest },
    ) =>
      input.kind === 'create'
        ? adminHttp.post<AdminPackage>('content/packages', input.body)
        : adminHttp.put<AdminPackage>(`content/packages/${input.packageId}`, input.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
