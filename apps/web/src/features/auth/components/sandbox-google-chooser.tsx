import { sandboxGoogleAccountSchema, type SandboxGoogleAccount } from '@casino/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/http';
import { sandboxGoogleAccountsOptions, sandboxIdToken } from '../api/google';
import { useGoogleCredential } from './google-sign-in';
import { TextButton } from './text-link';

/**
 * The sandbox Google account chooser: pick a test account or type one; the
 * server's sandbox key signs an ID token with Google's claims, which then goes through the same
 * /user/googleLogin verification as a real Google token.
 */
export function SandboxGoogleChooser({ onBack }: { onBack: () => void }) {
  const { data, isLoading } = useQuery(sandboxGoogleAccountsOptions);
  const { submit, pending } = useGoogleCredential();
  const [chosen, setChosen] = useState<string | null>(null);
  const form = useForm<SandboxGoogleAccount>({
    resolver: zodResolver(sandboxGoogleAccountSchema),
    mode: 'onTouched',
    defaultValues: { email: '', name: '', emailVerified: true },
  });

  async function choose(account: SandboxGoogleAccount) {
    setChosen(account.email);
    try {
      await submit(await sandboxIdToken(account));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setChosen(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-neon-violet/40 bg-neon-violet/10 p-3 text-xs leading-relaxed text-ink-muted">
        <strong className="text-ink">Sandbox Google.</strong> Google sign-in is not configured on this server, so a local test key signs the
        sign-in token for the account you choose.
      </div>
      <p className="text-sm font-semibold text-ink">Choose an account</p>
      <ul className="flex flex-col gap-2" aria-busy={isLoading || undefined}>
        {isLoading ? <Spinner className="mx-auto h-6 w-6" /> : null}
        {data?.rows.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              disabled={pending || chosen !== null}
              onClick={() => void choose(account)}
              className="flex w-full cursor-pointer items-center gap-3 rounded-xl border border-night-600 bg-night-900/70 px-3 py-2.5 text-left transition hover:border-gold-400 disabled:cursor-wait disabled:opacity-60"
            >
              <span
                aria-hidden="true"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-neon-violet/30 font-bold text-ink"
              >
                {account.name.charAt(0)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{account.name}</span>
                <span className="block truncate text-xs text-ink-muted">{account.email}</span>
              </span>
              {account.emailVerified ? null : (
                <span className="shrink-0 rounded-full bg-danger/15 px-2 py-0.5 text-[10px] font-bold text-danger uppercase">
                  unverified
                </span>
              )}
              {chosen === account.email ? <Spinner className="h-4 w-4" /> : null}
            </button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(choose)(event)}
        className="flex flex-col gap-3 border-t border-night-700 pt-4"
      >
        <p className="text-sm font-semibold text-ink">Use another account</p>
        <Input label="Google e-mail" type="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        <Input label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
        <Checkbox label="Google has verified this e-mail address" {...form.register('emailVerified')} />
        <Button type="submit" variant="outline" loading={pending && chosen !== null}>
          Continue
        </Button>
      </form>
      <TextButton className="self-center text-sm" onClick={onBack}>
        Back to sign in
      </TextButton>
    </div>
  );
}
