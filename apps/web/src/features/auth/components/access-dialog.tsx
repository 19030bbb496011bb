import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Tabs } from '../../../components/ui/tabs';
import { useAuthDialog } from '../auth-dialog-store';
import { GoogleSignInButton } from './google-sign-in';
import { LoginForm } from './login-form';
import { SandboxGoogleChooser } from './sandbox-google-chooser';
import { SignUpForm } from './sign-up-form';

type AccessTab = 'login' | 'signup';

const tabs = [
  { key: 'login', label: 'Sign In' },
  { key: 'signup', label: 'Register' },
] as const;

/**
 * Sign-in and 'Join Now' sign-up in one dialog with two tabs (seed 000 section 4: 3183 "switches
 * the dialog to the sign-up tab"), with Google sign-in under either form.
 */
export function AccessDialog({ tab }: { tab: AccessTab }) {
  const { show, close } = useAuthDialog();
  const [choosingGoogle, setChoosingGoogle] = useState(false);
  const title = choosingGoogle ? 'Sign in with Google' : tab === 'login' ? 'Sign In' : 'Join Now';

  return (
    <Dialog open title={title} onClose={close}>
      {choosingGoogle ? (
        <SandboxGoogleChooser onBack={() => setChoosingGoogle(false)} />
      ) : (
        <div className="flex flex-col gap-5">
          <Tabs items={tabs} value={tab} onChange={(next) => show(next)} label="Sign in or register">
            {tab === 'login' ? <LoginForm onRegister={(email) => show('signup', { email })} /> : <SignUpForm />}
          </Tabs>
          <div className="flex items-center gap-3 text-xs font-semibold tracking-widest text-ink-faint uppercase">
            <span className="h-px flex-1 bg-night-600" />
            or
            <span className="h-px flex-1 bg-night-600" />
          </div>
          <GoogleSignInButton onSandbox={() => setChoosingGoogle(true)} />
          <p className="text-center text-xs leading-relaxed text-ink-faint">
            By continuing with Google you confirm that you are at least 18 years old and accept the{' '}
            <a href="/terms-and-conditions" target="_blank" rel="noopener" className="text-gold-300 underline underline-offset-2">
              Terms and Conditions
            </a>{' '}
            and the{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener" className="text-gold-300 underline underline-offset-2">
              Privacy Policy
            </a>
            .
          </p>
        </div>
      )}
    </Dialog>
  );
}
