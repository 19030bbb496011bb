import type { ContentVersion } from '@casino/contracts/admin-content';
import type {
  AdminMailInSettings,
  MailInCard,
  MailInCardList,
  MailInCardRequest,
  MailInLookup,
  UpdateMailInSettingsRequest,
} from '@casino/contracts/mail-in';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The Mail-in desk's requests (/api/admin/mail-in): a code's request, a card entered, the cards, the settings. */
const key = ['admin', 'mail-in'] as const;

export function useMailInCards() {
  return useQuery({
    queryKey: [...key, 'cards'],
    queryFn: ({ signal }) => adminHttp.get<MailInCardList>('mail-in/cards', { limit: 50 }, signal),
  });
}

/** The request of a typed code, read when the operator asks (404: no request has it). */
export function useMailInLookup() {
  return useMutation({
    mutationFn: (code: string) => adminHttp.get<MailInLookup>('mail-in/lookup', { code }),
  });
}

export function useEnterMailInCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: MailInCardRequest) => adminHttp.post<MailInCard>('mail-in/cards', card),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'cards'] }),
  });
}

export function useMailInSettings() {
  return useQuery({
    queryKey: [...key, 'settings'],
    queryFn: ({ signal }) => adminHttp.get<AdminMailInSettings>('mail-in/settings', undefined, signal),
  });
}

export function useMailInSettingsVersions() {
  return useQuery({
    queryKey: [...key, 'settings', 'versions'],
    queryFn: ({ signal }) => adminHttp.get<{ rows: ContentVersion[]; count: number }>('mail-in/settings/versions', undefined, signal),
  });
}

export function useSaveMailInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMailInSettingsRequest) => adminHttp.put<AdminMailInSettings>('mail-in/settings', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'settings'] }),
  });
}
