import type { FundingSource, FundingSourcesResponse, RedeemResponse } from '@casino/contracts/redeem';
import type { SsnOnFile } from '@casino/contracts/ssn';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileQueryKey } from '../auth';

/** The redeem calls (seed 001 section 7): one query or mutation per request. */
export const redeemKeys = {
  fundingSources: ['redeem', 'funding-sources'] as const,
};

/** Transactions lists (the account page's Transactions tab, features/account/api.ts) start with this key. */
const transactionsKey = ['payment', 'transactions'] as const;

export function fundingSourcesQuery() {
  return queryOptions({
    queryKey: redeemKeys.fundingSources,
    queryFn: ({ signal }) => http.get<FundingSourcesResponse>('payment/get-funding-source', undefined, signal),
  });
}

/** PUT /payment/bank-details with the reference the bank-link widget returned. */
export function useLinkBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountReference: string) => (await http.put<FundingSource>('payment/bank-details', { accountReference })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: redeemKeys.fundingSources }),
  });
}

/** POST /payment/update-funding-source; the list is then fetched again (seed 001 section 7). */
export function useSetActiveBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; sourceId: number }) => http.post('payment/update-funding-source', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redeemKeys.fundingSources }),
  });
}

function afterRedeem(queryClient: ReturnType<typeof useQueryClient>) {
  // On success the profile is refreshed (seed 001 section 7 '/payment/paynote').
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  void queryClient.invalidateQueries({ queryKey: transactionsKey });
}

/** POST /payment/paynote: a payout to the Active bank account. */
export function useRedeemToBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      await http.post<RedeemResponse>('payment/paynote', { amount, providerType: 'PAYNOTE', paymentType: 'redeem' }),
    onSuccess: () => afterRedeem(queryClient),
  });
}

/** POST /payment/init-pay with paymentType 'redeem': the e-wallet form. */
export function useRedeemToEwallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { actionableEmail: string; amount: number }) =>
      await http.post<RedeemResponse>('payment/init-pay', { ...input, checkbox: true, currency: 'USD', paymentType: 'redeem' }),
    onSuccess: () => afterRedeem(queryClient),
  });
}

/** POST /kyc/update-ssn: the social security number asked for at the reporting threshold (answered masked). */
export function useUpdateSsn() {
  return useMutation({
    mutationFn: async (ssn: string) => await http.post<SsnOnFile>('kyc/update-ssn', { ssn }),
  });
}

/** PUT /payment/redeem-request: cancels a pending (status 0) redemption. */
export function useCancelRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withdrawRequestId: number) => http.put<{ success: boolean }>('payment/redeem-request', { withdrawRequestId }),
    onSettled: () => afterRedeem(queryClient),
  });
}

export interface RedeemRow {
  id: number;
  transactionId: string;
  updated_at: string;
  amount: number;
  status: number;
}

/** The player's latest redemptions (GET /payment/transactions, actionType redeem). */
export function recentRedemptionsQuery(limit = 5) {
  return queryOptions({
    queryKey: [...transactionsKey, 'redeem', 'recent', limit] as const,
    queryFn: ({ signal }) =>
      http.get<{ rows: RedeemRow[]; count: number }>('payment/transactions', { actionType: 'redeem', page: 1, limit }, signal),
  });
}
