import type { Paged } from '@casino/contracts/envelope';
import type {
  PlayerDetail,
  PlayerSearchRow,
  playerPurchaseRowSchema,
  playerRedemptionRowSchema,
  playerRoundRowSchema,
  playerTransferRowSchema,
} from '@casino/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminHttp } from '../admin-http';

/** The players desk's requests (GET /api/admin/players..., the actions with their reason). */
export type TransferRow = z.infer<typeof playerTransferRowSchema>;
export type RoundRow = z.infer<typeof playerRoundRowSchema>;
export type PurchaseRow = z.infer<typeof playerPurchaseRowSchema>;
export type RedemptionRow = z.infer<typeof playerRedemptionRowSchema>;

export const PAGE_SIZE = 25;

export function usePlayerSearch(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'players', 'search', q, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<PlayerSearchRow>>('players', { q, page, limit: PAGE_SIZE }, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(userId: number) {
  return useQuery({
    queryKey: ['admin', 'players', userId],
    queryFn: ({ signal }) => adminHttp.get<PlayerDetail>(`players/${userId}`, undefined, signal),
  });
}

export type PlayerTable = 'transfers' | 'rounds' | 'purchases' | 'redemptions';

export function usePlayerTable<Row>(userId: number, table: PlayerTable, page: number) {
  return useQuery({
    queryKey: ['admin', 'players', userId, table, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<Row>>(`players/${userId}/${table}`, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export type PlayerAction = { kind: 'restriction'; restricted: boolean } | { kind: 'block'; blocked: boolean } | { kind: 'end-sessions' };

export function usePlayerAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: PlayerAction; reason: string }): Promise<{ data: unknown; message?: string }> => {
      switch (action.kind) {
        case 'restriction':
          return adminHttp.put<{ restricted: boolean }>(`players/${userId}/restriction`, { restricted: action.restricted, reason });
        case 'block':
          return adminHttp.put<{ blocked: boolean }>(`players/${userId}/block`, { blocked: action.blocked, reason });
        case 'end-sessions':
          return adminHttp.post<{ sessionsEnded: number }>(`players/${userId}/end-sessions`, { reason });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
}
