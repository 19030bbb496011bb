import type { ResetPasswordForm, VerifiedEmail } from '@casino/contracts/auth';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /user/resendVerifyEmail. */
export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => http.post<Record<string, never>>('user/resendVerifyEmail', { email }) });
}

/** POST /user/forgetPassword. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => http.post<Record<string, never>>('user/forgetPassword', { email }) });
}

/** POST /user/verifyForgetPassword: the link's token as newPasswordKey and the base64 password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, form }: { token: string; form: ResetPasswordForm }) =>
      http.post<Record<string, never>>('user/verifyForgetPassword', { newPasswordKey: token, password: encodeBase64Utf8(form.password) }),
  });
}

/** GET /user/verifyEmail?token= (no session needed). */
export function verifyEmail(token: string) {
  return http.get<VerifiedEmail>('user/verifyEmail', { token });
}
