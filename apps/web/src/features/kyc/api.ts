import type {
  InitKycResponse,
  KycLabelsResponse,
  KycSettingsResponse,
  SendPhoneOtpResponse,
  VerifyPhoneOtpRequest,
} from '@casino/contracts/kyc';
import { PHONE_COUNTRY_CODE } from '@casino/contracts/kyc';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileQueryKey } from '../auth';

/** The phone and KYC calls of seed 001 section 7: one query or mutation per request. */
export const kycKeys = {
  settings: ['kyc', 'settings'] as const,
  labels: ['kyc', 'labels'] as const,
};

/** GET /kyc/get-kyc-setting (needs a session, seed 001 section 6). */
export function kycSettingsQuery() {
  return queryOptions({
    queryKey: kycKeys.settings,
    queryFn: ({ signal }) => http.get<KycSettingsResponse>('kyc/get-kyc-setting', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /kyc/get-labels: the status table (button and message per status). */
export function kycLabelsQuery() {
  return queryOptions({
    queryKey: kycKeys.labels,
    queryFn: ({ signal }) => http.get<KycLabelsResponse>('kyc/get-labels', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** POST /user/phone: `phone` and `code` (the country code as a number). */
export function useSendPhoneOtp() {
  return useMutation({
    mutationFn: (phone: string) => http.post<SendPhoneOtpResponse>('user/phone', { phone, code: PHONE_COUNTRY_CODE }),
  });
}

/** POST /user/phoneVerify; the profile (phoneVerified) is fetched again after it. */
export function useVerifyPhoneOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<VerifyPhoneOtpRequest, 'code'>) => http.post('user/phoneVerify', { ...body, code: PHONE_COUNTRY_CODE }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** GET /kyc/init-kyc: the hosted verification link. */
export function useInitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.get<InitKycResponse>('kyc/init-kyc'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
