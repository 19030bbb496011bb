import type { AccountDetails, LoginForm } from '@casino/contracts/auth';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /user/login: e-mail and base64 password (seed 000 section 7); answers the account (the profile itself is read by its query). */
export function login(form: LoginForm) {
  return http.post<AccountDetails>('user/login', { email: form.email, password: encodeBase64Utf8(form.password) });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
