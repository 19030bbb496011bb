import type { ContentImage } from '@casino/contracts/admin-content';
import { useMutation } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** POST /api/admin/content/images: one image file (field `image`), answered with its address on our origin. */
export function useUploadContentImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await adminHttp.post<ContentImage>('content/images', form)).data;
    },
  });
}
