import type {
  ApplePaySessionResponse,
  CreateInstrumentRequest,
  OfferList,
  CreateInstrumentResponse,
  InitPayRequest,
  InitPayResponse,
  PackageList,
  PaymentStatus,
  PaysafeCompleteResponse,
  SavedCard,
} from '@casino/contracts/store';
import { PACKAGES_PAGE_SIZE } from '@casino/contracts/store';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The store's calls (seed 001 section 7): one query or mutation per request. */
export const storeKeys = {
  packages: ['store', 'packages'] as const,
  offers: ['store', 'offers'] as const,
  savedCards: ['store', 'saved-cards'] as const,
  status: (merchantRefNum: string) => ['store', 'payment-status', merchantRefNum] as const,
};

export function packagesQuery() {
  return queryOptions({
    queryKey: storeKeys.packages,
    queryFn: ({ signal }) => http.get<PackageList>('details/packages', { page: 1, limit: PACKAGES_PAGE_SIZE }, signal),
    staleTime: 60_000,
  });
}

/** GET /details/offers: the flash-sale offers the signed-in player can buy now (decision 011). */
export function offersQuery() {
  return queryOptions({
    queryKey: storeKeys.offers,
    queryFn: ({ signal }) => http.get<OfferList>('details/offers', undefined, signal),
    staleTime: 30_000,
  });
}

/** POST /payment/finix/apple-pay-session: the merchant session for Apple Pay's onvalidatemerchant. */
export async function applePayMerchantSession(validationUrl: string, displayName: string): Promise<Record<string, unknown>> {
  const response = await http.post<ApplePaySessionResponse>('payment/finix/apple-pay-session', {
    provider: 'FINIX',
    validation_url: validationUrl,
    domain: window.location.hostname,
    display_name: displayName,
  });
  return response.data.sessionDetails;
}

export function savedCardsQuery() {
  return queryOptions({
    queryKey: storeKeys.savedCards,
    queryFn: async ({ signal }) => (await http.get<{ rows: SavedCard[] }>('payment/finix/saved-cards', undefined, signal)).rows,
  });
}

export function useInitPay() {
  return useMutation({ mutationFn: async (body: InitPayRequest) => (await http.post<InitPayResponse>('payment/init-pay', body)).data });
}

export function useCreateInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateInstrumentRequest) =>
      (await http.post<CreateInstrumentResponse>('payment/finix/create-instrument', body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.savedCards }),
  });
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentInformationId: number) => http.put('payment/finix/remove-saved-card', { paymentInformationId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.savedCards }),
  });
}

/** GET /payment/status: the server checks an open payment with the processor before answering. */
export function paymentStatusQuery(merchantRefNum: string) {
  return queryOptions({
    queryKey: storeKeys.status(merchantRefNum),
    queryFn: ({ signal }) => http.get<PaymentStatus>('payment/status', { providerType: 'FINIX', paymentReference: merchantRefNum }, signal),
  });
}

/** POST /payment/paysafe: the server charges the hosted checkout's payment handle (or, with null, answers the status). */
export function useCompleteHostedCheckout() {
  return useMutation({
    mutationFn: async (body: { merchantRefNum: string; paymentHandleToken: string | null }) =>
      (await http.post<PaysafeCompleteResponse>('payment/paysafe', { ...body, paymentType: 'deposit' })).data,
  });
}
