import type { LoginForm } from '@casino/contracts/auth';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { UserDetails } from '../user-details';

/** POST /user/login: e-mail and base64 password (seed 000 section 7); answers the profile. */
export function login(form: LoginForm) {
  return http.post<UserDetails>('user/login', { email: form.email, password: encodeBase64Utf8(form.password) });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
