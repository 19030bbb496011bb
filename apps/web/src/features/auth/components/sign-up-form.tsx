import { authMessages, authTexts, signUpFormSchema, userNameSchema, type SignUpForm, type SignUpFormInput } from '@casino/contracts/auth';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError, errorMessage } from '../../../lib/http';
import { useSignUp, userNameAvailabilityOptions, type SignUpLinkParams } from '../api/sign-up';
import { useAuthDialog } from '../auth-dialog-store';
import { useAuthStore } from '../auth-store';

type FieldName = keyof SignUpFormInput;
const FIELDS: FieldName[] = ['userName', 'email', 'password', 'confirmPassword', 'promoCode', 'isMarketingAccepted', 'isTermsAccepted'];

/** The referral code and token a register link carries (seed 000 section 3 'Sign-up payload'). */
function linkParams(): SignUpLinkParams {
  const params = new URLSearchParams(window.location.search);
  return { friendsReferralCode: params.get('referralcode') ?? undefined, token: params.get('token') ?? undefined };
}

/** Server field errors (400 with issues) back onto the fields they name. */
function serverIssues(error: ApiError): { field: FieldName; message: string }[] {
  const details = error.errors[0]?.details as { issues?: { field: string; message: string }[] } | undefined;
  return (details?.issues ?? [])
    .map((issue) => ({ field: issue.field.replace(/^body\./, '') as FieldName, message: issue.message }))
    .filter((issue) => FIELDS.includes(issue.field));
}

const policyLink = 'font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400';

/**
 * The 'Join Now' form (seed 000 sections 2, 4, 5 and 8): username checked on blur (format, then
 * availability), e-mail, password and confirmation with show/hide, optional promo code (upper-cased
 * as typed), marketing and terms consents, '**No purchase required', Signup.
 */
export function SignUpForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const show = useAuthDialog((state) => state.show);
  const prefill = useAuthDialog((state) => state.email);
  const [link] = useState(linkParams);
  const form = useForm<SignUpFormInput, unknown, SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      userName: '',
      email: prefill ?? '',
      password: '',
      confirmPassword: '',
      promoCode: '',
      isMarketingAccepted: false,
      isTermsAccepted: false,
    },
  });
  const { errors } = form.formState;

  /** On blur: 5-15 letters or digits, then the server's availability check. */
  async function checkUserName(userName: string) {
    if (!userNameSchema.safeParse(userName).success) return;
    try {
      const { isUserNameExist } = await queryClient.fetchQuery(userNameAvailabilityOptions(userName));
      if (isUserNameExist && form.getValues('userName') === userName) form.setError('userName', { message: authMessages.usernameTaken });
    } catch {
      // The check is a convenience; Signup checks again on the server.
    }
  }

  const userNameField = form.register('userName');
  const promoField = form.register('promoCode');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await signUp.mutateAsync({ form: values, link });
      // Sign-up success (seed 000 section 4): go to /, keep the user, show 'verification mail sent'.
      useAuthStore.getState().setSignedUpUser({ userId: data.userId, username: data.username, email: data.email });
      await navigate('/');
      show('verification-sent', { email: data.email });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast.error(errorMessage(error));
        return;
      }
      if (error.code === errorCodes.EmailAlreadyExists.code) {
        form.setError('email', { message: authMessages.emailTaken });
      } else if (error.code === errorCodes.UserNameAlreadyExists.code) {
        form.setError('userName', { message: authMessages.usernameTaken });
      } else if (serverIssues(error).length > 0) {
        for (const issue of serverIssues(error)) form.setError(issue.field, { message: issue.message });
      } else {
        // Other sign-up errors: toast with details or description (seed 000 section 8).
        const details = error.errors[0]?.details;
        toast.error(typeof details === 'string' ? details : errorMessage(error));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label="Join now">
      <Input
        label="Username"
        autoComplete="username"
        placeholder="5-15 letters or digits"
        error={errors.userName?.message}
        {...userNameField}
        onBlur={(event) => {
          void userNameField.onBlur(event).then(() => checkUserName(event.target.value));
        }}
      />
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
        autoComplete="new-password"
        placeholder="Create a password"
        hint={authTexts.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        placeholder="Repeat the password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Input
        label="Promo Code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="Enter a promo code"
        error={errors.promoCode?.message}
        {...promoField}
        onChange={(event) => {
          event.target.value = event.target.value.toUpperCase();
          void promoField.onChange(event);
        }}
      />
      <div className="flex flex-col gap-3 rounded-2xl border border-night-600/70 bg-night-900/50 p-3.5">
        <Checkbox
          label="I agree to receive marketing texts and e-mails about bonuses and promotions (required to use a promo code)."
          error={errors.isMarketingAccepted?.message}
          {...form.register('isMarketingAccepted')}
        />
        <Checkbox
          label={
            <>
              I am at least 18 years old and I accept the{' '}
              <Link to="/terms-and-conditions" target="_blank" rel="noopener" className={policyLink}>
                Terms and Conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" target="_blank" rel="noopener" className={policyLink}>
                Privacy Policy
              </Link>
              .
            </>
          }
          error={errors.isTermsAccepted?.message}
          {...form.register('isTermsAccepted')}
        />
      </div>
      <p className="text-center text-sm font-semibold text-emerald-sc">{authTexts.noPurchaseRequired}</p>
      <Button type="submit" size="lg" loading={signUp.isPending}>
        Signup
      </Button>
    </form>
  );
}
