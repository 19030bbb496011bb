import { accountTexts, PROFILE_IMAGE_TYPES } from '@casino/contracts/account';
import type { PlayerProfile } from '@casino/contracts/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, isSessionHandled } from '../../lib/http';
import { profileQueryKey, updateProfile } from '../auth';
import { useUploadImage } from './api';

/**
 * The avatar of the Account tab (seed 001 sections 2, 5 and 7): JPEG, JPG or PNG, sent as the
 * multipart field `document`; the server decides the type by the file's content, re-encodes it
 * and answers its address, which the header's menu and this page then show.
 */
export function AvatarUpload({ user }: { user: PlayerProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const upload = useUploadImage();

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast.error(accountTexts.imageInvalidType);
      return;
    }
    try {
      const response = await upload.mutateAsync(file);
      updateProfile(queryClient, (profile) => ({ ...profile, profileImage: response.data.profileImage }));
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      toast.success(response.message ?? accountTexts.imageUploaded);
    } catch (error) {
      if (!isSessionHandled(error)) toast.error(errorMessage(error, accountTexts.imageUploadFailed));
    }
  };

  const initial = user.username.charAt(0).toUpperCase();
  return (
    <div className="flex items-center gap-4">
      <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-full border-2 border-gold-400/70 bg-night-800 shadow-gold">
        {user.profileImage ? (
          <img src={user.profileImage} alt="Your avatar" className="h-full w-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-neon-violet to-neon-pink text-3xl font-black text-white"
          >
            {initial}
          </span>
        )}
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center bg-night-950/60 text-gold-300">
            <Spinner className="h-6 w-6" label="Uploading" />
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <p className="font-display text-lg font-extrabold text-ink">{user.username}</p>
        <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-xl border border-night-500 bg-night-800/60 px-3 py-1.5 text-xs font-bold tracking-wide text-ink uppercase transition hover:border-gold-400 hover:text-gold-300 focus-within:border-gold-400">
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
          Upload photo
          <input
            ref={input}
            type="file"
            name="document"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={upload.isPending}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </label>
        <p className="text-xs text-ink-faint">JPEG or PNG</p>
      </div>
    </div>
  );
}
