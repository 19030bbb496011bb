import type {
  BalanceAdjustmentRequest,
  BalanceAdjustmentResponse,
  FailedWebhookRow,
  failedWebhookFilters,
  PurchaseQueueRow,
  PurchaseReversalRequest,
  PurchaseReversalResponse,
  ReconciliationOverview,
  ReconciliationRun,
  RedemptionQueueRow,
  redemptionQueueFilters,
  RefusedWinRow,
  WebhookReplayResponse,
} from '@casino/contracts/admin-money';
import type { Paged } from '@casino/contracts/envelope';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/**
 * The money desks' requests: /api/admin/redemptions, purchases, reconciliation,
 * failed webhooks (money/webhooks), refused wins (money/refused-wins), a player's adjustments.
 */
export const MONEY_PAGE_SIZE = 25;
export type RedemptionFilter = (typeof redemptionQueueFilters)[number];

export function useRedemptionQueue(status: RedemptionFilter, page: number) {
  return useQuery({
    queryKey: ['admin', 'redemptions', status, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<RedemptionQueueRow>>('redemptions', { status, page, limit: MONEY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRedemptionDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ redemptionId, decision, reason }: { redemptionId: number; decision: 'approve' | 'reject'; reason: string }) =>
      adminHttp.post<{ redemptionId: number; status: number }>(`redemptions/${redemptionId}/${decision}`, { reason }),
    // A refusal (decided meanwhile) also changes what the queue should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'redemptions'] }),
  });
}

export function usePurchases(filter: { status?: number | undefined; userId?: number | undefined }, page: number) {
  return useQuery({
    queryKey: ['admin', 'purchases', filter.status ?? null, filter.userId ?? null, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<PurchaseQueueRow>>('purchases', { ...filter, page, limit: MONEY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseReversal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, ...request }: PurchaseReversalRequest & { purchaseId: number }) =>
      adminHttp.post<PurchaseReversalResponse>(`purchases/${purchaseId}/reversal`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'purchases'] }),
  });
}

export function useReconciliation() {
  return useQuery({
    queryKey: ['admin', 'reconciliation'],
    queryFn: ({ signal }) => adminHttp.get<ReconciliationOverview>('reconciliation', undefined, signal),
  });
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminHttp.post<ReconciliationRun>('reconciliation/runs'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'reconciliation'] }),
  });
}

export function useBalanceAdjustment(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BalanceAdjustmentRequest) => adminHttp.post<BalanceAdjustmentResponse>(`players/${userId}/adjustments`, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'players', userId] }),
  });
}

export type WebhookFilter = (typeof failedWebhookFilters)[number];

export function useFailedWebhooks(status: WebhookFilter, page: number) {
  return useQuery({
    queryKey: ['admin', 'webhooks', status, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<FailedWebhookRow>>('money/webhooks', { status, page, limit: MONEY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, reason }: { webhookId: number; reason: string }) =>
      adminHttp.post<WebhookReplayResponse>(`money/webhooks/${webhookId}/replay`, { reason }),
    // A failed replay changes the row too (one attempt more, the new error).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] }),
  });
}

export function useRefusedWins(page: number) {
  return useQuery({
    queryKey: ['admin', 'refused-wins', page],
    queryFn: ({ signal }) => adminHttp.get<Paged<RefusedWinRow>>('money/refused-wins', { page, limit: MONEY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
