import type { ChangePasswordRequest, ProfileImageResult, ProfileUpdateResult } from '@casino/contracts/account';
import type { CityListItem, StateListItem } from '@casino/contracts/billing';
import type { BetHistoryRow } from '@casino/contracts/games';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';

/**
 * The account area's calls (seed 001 section 7): states and cities for the address selects,
 * PUT /user/profile, PUT /user/changePassword, POST /user/upload-image, and the two histories.
 */
export const accountKeys = {
  states: ['details', 'state'] as const,
  cities: (stateId: string) => ['details', 'city', stateId] as const,
  bets: (query: BetHistoryFilters) => ['casino-games', 'bets', query] as const,
  transactions: (query: TransactionFilters) => ['payment', 'transactions', query] as const,
};

export const statesQuery = queryOptions({
  queryKey: accountKeys.states,
  queryFn: async ({ signal }) => (await http.get<{ rows: StateListItem[] }>('details/state', undefined, signal)).rows,
  staleTime: Infinity,
});

export function citiesQuery(stateId: string) {
  return queryOptions({
    queryKey: accountKeys.cities(stateId),
    queryFn: async ({ signal }) => (await http.get<{ rows: CityListItem[] }>('details/city', { stateId }, signal)).rows,
    staleTime: Infinity,
    enabled: stateId !== '',
  });
}

export type ProfileUpdateBody = Omit<ProfileUpdateResult, 'addressLine_2'> & { addressLine_2?: string; email?: string };

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: ProfileUpdateBody) => http.put<ProfileUpdateResult>('user/profile', body) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => http.put<{ message: string }>('user/changePassword', body) });
}

export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('document', file, file.name);
      return http.request<ProfileImageResult>('POST', 'user/upload-image', { body: form });
    },
  });
}

export interface HistoryPage<Row> {
  rows: Row[];
  count: number;
}

export interface BetHistoryFilters {
  page: number;
  limit: number;
  startDate: string;
  endDate: string;
  coinType: 'SC' | 'GC';
}

export function betHistoryQuery(filters: BetHistoryFilters) {
  return queryOptions({
    queryKey: accountKeys.bets(filters),
    queryFn: ({ signal }) => http.get<HistoryPage<BetHistoryRow>>('casino-games/bets', { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

/** seed 001 section 3 'Player transaction row'. */
export interface TransactionRow {
  id: number;
  transactionId: string;
  transactiontype: string;
  updated_at: string;
  amount: number;
  gccoin: number;
  sccoin: number;
  status: number;
}

export type TransactionActionType = 'deposit' | 'redeem' | 'bonus';

export interface TransactionFilters {
  page: number;
  limit: number;
  startDate: string;
  endDate: string;
  actionType: TransactionActionType;
}

export function transactionsQuery(filters: TransactionFilters) {
  return queryOptions({
    queryKey: accountKeys.transactions(filters),
    queryFn: ({ signal }) => http.get<HistoryPage<TransactionRow>>('payment/transactions', { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}
