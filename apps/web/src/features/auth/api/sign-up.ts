import type { SignUpForm, SignUpRequest, SignUpResponse } from '@casino/contracts/auth';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { reportConversion } from '../../ads';
import { browserName, platformName } from './client-details';

export interface SignUpLinkParams {
  /** From the referralcode query parameter. */
  friendsReferralCode?: string | undefined;
  /** From the token query parameter. */
  token?: string | undefined;
}

/** POST /user/sign-up with the payload of seed 000 section 3. */
export function signUp({ form, link }: { form: SignUpForm; link: SignUpLinkParams }) {
  const body: SignUpRequest = {
    userName: form.userName,
    email: form.email,
    password: encodeBase64Utf8(form.password),
    isTermsAccepted: form.isTermsAccepted,
    isMarketingAccepted: form.isMarketingAccepted,
    promoCode: form.promoCode || undefined,
    friendsReferralCode: link.friendsReferralCode || undefined,
    token: link.token || undefined,
    browser: browserName(),
    platform: platformName(),
  };
  return http.post<SignUpResponse>('user/sign-up', body);
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    // Ad conversion (seed 001 section 7): the address is hashed by the server and never kept.
    onSuccess: (_response, { form }) => reportConversion('registration', { email: form.email }),
  });
}

/** GET /user/sign-up?userName=: is the username taken (ignoring case)? */
export function userNameAvailabilityOptions(userName: string) {
  return queryOptions({
    queryKey: ['userNameAvailability', userName.toLowerCase()],
    queryFn: ({ signal }) => http.get<{ isUserNameExist: boolean }>('user/sign-up', { userName }, signal),
    staleTime: 10_000,
  });
}
