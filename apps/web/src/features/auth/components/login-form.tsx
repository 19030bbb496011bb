import { authTexts, loginFormSchema, type LoginForm } from '@casino/contracts/auth';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError, errorMessage } from '../../../lib/http';
import { useLogin } from '../api/login';
import { useAuthDialog } from '../auth-dialog-store';
import { completeLogin } from '../login-success';
import { TextButton } from './text-link';

/**
 * The Sign-in form (seed 000 sections 2, 4, 5 and 8): e-mail, password with show/hide, the hint,
 * Login, 'Forgot The Password', 'Not a user? please register'. Server codes land where the seed
 * says: 3064 at the e-mail, 3065 at the password, 3050 and 3183 as toasts that move on.
 */
export function LoginForm({ onRegister }: { onRegister: (email: string) => void }) {
  const queryClient = useQueryClient();
  const login = useLogin();
  const show = useAuthDialog((state) => state.show);
  const prefill = useAuthDialog((state) => state.email);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: prefill ?? '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync(values);
      completeLogin(data, queryClient);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast.error(errorMessage(error));
        return;
      }
      const description = error.errors[0]?.description;
      switch (error.code ?? 0) {
        case errorCodes.LoginEmailError.code:
          form.setError('email', { message: description });
          break;
        case errorCodes.LoginPasswordError.code:
          form.setError('password', { message: description });
          break;
        case errorCodes.EmailNotVerified.code:
          toast.info(authTexts.verificationSent);
          show('verification-sent', { email: values.email });
          break;
        case errorCodes.SwitchToSignUp.code:
          toast.info(authTexts.signUpFirst);
          onRegister(values.email);
          break;
        case errorCodes.UserNotSignedUp.code:
          toast.info(authTexts.signUpFirst);
          break;
        default:
          toast.error(errorMessage(error));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label="Sign in">
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="Enter your email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        placeholder="Enter your password"
        hint={authTexts.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="-mt-1 flex justify-end">
        <TextButton className="text-sm" onClick={() => show('forgot', { email: form.getValues('email') })}>
          Forgot The Password
        </TextButton>
      </div>
      <Button type="submit" size="lg" loading={login.isPending}>
        Login
      </Button>
      <p className="text-center text-sm text-ink-muted">
        <TextButton onClick={() => onRegister(form.getValues('email'))}>Not a user? please register</TextButton>
      </p>
    </form>
  );
}
