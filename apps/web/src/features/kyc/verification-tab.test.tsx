import { KYC_LABELS } from '@casino/contracts/kyc';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { useModalQueue } from '../../lib/modal-queue';
import { playerProfile, storedPlayer } from '../../test/player-profile';
import { useAuthStore } from '../auth';
import { VerificationTab } from './verification-tab';

/** Answers per API path (after /api/v1/); every request is recorded. */
let answers: Record<string, { status: number; body: unknown }>;
let requested: { path: string; body: unknown }[];

beforeEach(() => {
  requested = [];
  answers = {
    'user/profile': { status: 200, body: { data: playerProfile() } },
    'kyc/get-labels': { status: 200, body: { data: { labels: KYC_LABELS } } },
    'kyc/get-kyc-setting': {
      status: 200,
      body: {
        data: {
          isKycEnabled: true,
          provider: 'sandbox',
          phoneVerificationRequired: true,
          otpLength: 6,
          otpExpirySeconds: 600,
          otpResendSeconds: 60,
          otpMaxAttempts: 5,
        },
      },
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname.replace('/api/v1/', '');
      requested.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[path] ?? { status: 404, body: { errors: [{ errorCode: 3001, name: 'NotFound', description: 'Not found.' }] } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  useAuthStore.getState().signIn(storedPlayer);
  // input-otp measures the page for password-manager badges; jsdom has no layout.
  if (!('elementFromPoint' in document)) Object.assign(document, { elementFromPoint: () => null });
});
afterEach(() => {
  act(() => {
    useAuthStore.getState().clear();
    useModalQueue.getState().clear();
  });
  vi.unstubAllGlobals();
});

/** The head of the modal queue, as the app's modal portal renders it. */
function QueuedModal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  return head ? <>{head.render(() => close(head.id))}</> : null;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <VerificationTab />
      <QueuedModal />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('the Verification tab', () => {
  it("checks the phone with the seed's rule before asking for a code, then sends phone and code 1", async () => {
    const user = userEvent.setup();
    answers['user/phone'] = {
      status: 200,
      body: { data: { resendAfterSeconds: 60, expiresInSeconds: 600 }, message: 'OTP Sent successfully!' },
    };
    renderTab();
    const input = await screen.findByLabelText('Phone number');
    await user.type(input, '123-456');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(requested.some((request) => request.path === 'user/phone')).toBe(false);

    await user.clear(input);
    await user.type(input, '201-555-0123');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('OTP Sent successfully!')).toBeInTheDocument();
    expect(requested.find((request) => request.path === 'user/phone')?.body).toEqual({ phone: '201-555-0123', code: 1 });
    expect(screen.getByText('+1 (201) 555-0123')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Please enter a 6-digit OTP')).toBeInTheDocument();
  });

  it.each(KYC_LABELS.map((label) => [label.status, label.button, label.message] as const))(
    'shows status %s with the button %s and its message',
    async (status, button, message) => {
      answers['user/profile'] = {
        status: 200,
        body: { data: playerProfile({ phone: '2015550123', phoneVerified: true, kycStatus: status.toUpperCase() }) },
      };
      renderTab();
      expect(await screen.findByTestId('kyc-message')).toHaveTextContent(message);
      const buttons = screen
        .queryAllByRole('button')
        .map((element) => element.textContent)
        .filter(Boolean);
      if (button) expect(buttons).toContain(button);
      else expect(buttons).toEqual([]);
    },
  );

  it("opens the seed's 'In Progress' modal on 3073", async () => {
    const user = userEvent.setup();
    answers['user/profile'] = {
      status: 200,
      body: { data: playerProfile({ phone: '2015550123', phoneVerified: true, kycStatus: 'failed' }) },
    };
    answers['kyc/init-kyc'] = {
      status: 400,
      body: { errors: [{ errorCode: 3073, name: 'KycInProgress', description: 'We are still verifying your details' }] },
    };
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Re Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'In Progress' });
    expect(within(dialog).getByText('We are still verifying your details')).toBeInTheDocument();
  });
});
