import type { AdminCmsPage, ContentVersion, CreateCmsPageRequest, UpdateCmsPageRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The CMS pages: list, change one (on the version shown), kept versions. */
const key = ['admin', 'content', 'cms-pages'] as const;

export function useAdminCmsPages() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminHttp.get<{ rows: AdminCmsPage[]; count: number }>('content/cms-pages', undefined, signal),
  });
}

export function useCmsPageVersions(slug: string) {
  return useQuery({
    queryKey: [...key, slug, 'versions'],
    queryFn: ({ signal }) =>
      adminHttp.get<{ rows: ContentVersion[]; count: number }>(`content/cms-pages/${encodeURIComponent(slug)}/versions`, undefined, signal),
  });
}

export function useSaveCmsPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'create'; body: CreateCmsPageRequest } | { kind: 'update'; slug: string; body: UpdateCmsPageRequest }) =>
      input.kind === 'create'
        ? adminHttp.post<AdminCmsPage>('content/cms-pages', input.body)
        : adminHttp.put<AdminCmsPage>(`content/cms-pages/${encodeURIComponent(input.slug)}`, input.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
