import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletOptions } from './components/purchase-dialog';
import { APPLE_PAY_UNAVAILABLE, applePayAvailable, detectWallets, googlePayAvailable, payWithApplePay } from './wallets';

/** A stand-in for Safari's ApplePaySession: the sheet's events are fired by the test. */
function fakeApplePaySession(canMakePayments: boolean) {
  const sessions: FakeSession[] = [];
  class FakeSession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => canMakePayments;
    static supportsVersion = (version: number) => version <= 14;
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
    onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
    oncancel: (() => void) | null = null;
    begun = false;
    merchantSession: unknown = null;
    completed: number | null = null;
    constructor(
      readonly version: number,
      readonly request: Record<string, unknown>,
    ) {
      sessions.push(this);
    }
    begin() {
      this.begun = true;
    }
    abort() {}
    completeMerchantValidation(session: unknown) {
      this.merchantSession = session;
    }
    completePayment(status: number) {
      this.completed = status;
    }
  }
  return { Session: FakeSession, sessions };
}

function fakePaymentRequest(canMakePayment: boolean | 'throws') {
  return class {
    constructor(readonly methods: { supportedMethods: string }[]) {}
    canMakePayment() {
      if (canMakePayment === 'throws') return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
      return Promise.resolve(canMakePayment && this.methods[0]?.supportedMethods === 'https://google.com/pay');
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallet availability', () => {
  it('offers neither wallet in a browser without ApplePaySession or the Payment Request API (jsdom as it is)', async () => {
    expect('ApplePaySession' in window).toBe(false);
    expect(await detectWallets()).toEqual({ applePay: false, googlePay: false });
  });

  it('offers Apple Pay only when ApplePaySession says the device can pay', () => {
    vi.stubGlobal('ApplePaySession', fakeApplePaySession(true).Session);
    expect(applePayAvailable()).toBe(true);
    vi.stubGlobal('ApplePaySession', fakeApplePaySession(false).Session);
    expect(applePayAvailable()).toBe(false);
  });

  it('offers Google Pay only when the Payment Request API can pay with it', async () => {
    vi.stubGlobal('PaymentRequest', fakePaymentRequest(true));
    expect(await googlePayAvailable()).toBe(true);
    vi.stubGlobal('PaymentRequest', fakePaymentRequest(false));
    expect(await googlePayAvailable()).toBe(false);
    vi.stubGlobal('PaymentRequest', fakePaymentRequest('throws'));
    expect(await googlePayAvailable()).toBe(false);
  });
});

describe('WalletOptions', () => {
  it("shows 'Apple Pay is not available on this device' and no Google Pay button where neither can pay", () => {
    render(<WalletOptions applePay={false} googlePay={false} checking={false} onPay={() => undefined} />);
    expect(screen.getByText(APPLE_PAY_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apple Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Google Pay' })).toBeNull();
  });

  it('shows both buttons where both can pay, and says which was chosen', async () => {
    const onPay = vi.fn();
    render(<WalletOptions applePay googlePay checking={false} onPay={onPay} />);
    expect(screen.queryByText(APPLE_PAY_UNAVAILABLE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    expect(onPay.mock.calls).toEqual([['apple'], ['google']]);
  });
});

describe('payWithApplePay', () => {
  it("validates the merchant through the server, charges the sheet's token and completes the sheet", async () => {
    const { Session, sessions } = fakeApplePaySession(true);
    vi.stubGlobal('ApplePaySession', Session);
    const posted: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        posted.push({
          path: new URL(url, 'http://localhost').pathname,
          body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null'),
        });
        return new Response(JSON.stringify({ data: { sessionDetails: { merchantSessionIdentifier: 'SSH1' } } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const intent = { paymentData: { merchantRefNum: 'LC-1', amount: 9.99 } } as never;
    const charge = vi.fn(async () => ({ state: 'SUCCEEDED' as const, merchantRefNum: 'LC-1', threeDSecureUrl: null, message: 'ok' }));
    const outcome = payWithApplePay({ amount: 9.99, initIntent: async () => intent, charge });
    const session = sessions[0]!;
    expect(session.begun).toBe(true);
    expect(session.request).toMatchObject({ currencyCode: 'USD', total: { amount: '9.99' } });

    session.onvalidatemerchant!({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' });
    await vi.waitFor(() => expect(session.merchantSession).toEqual({ merchantSessionIdentifier: 'SSH1' }));
    expect(posted[0]).toMatchObject({
      path: '/api/v1/payment/finix/apple-pay-session',
      body: { validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domain: window.location.hostname },
    });

    const token = { paymentData: { version: 'EC_v1' } };
    session.onpaymentauthorized!({ payment: { token } });
    await expect(outcome).resolves.toMatchObject({ result: { state: 'SUCCEEDED' } });
    expect(charge).toHaveBeenCalledWith(intent, 'APPLE_PAY', JSON.stringify(token));
    expect(session.completed).toBe(Session.STATUS_SUCCESS);
  });

  it('answers null when the player cancels the sheet', async () => {
    const { Session, sessions } = fakeApplePaySession(true);
    vi.stubGlobal('ApplePaySession', Session);
    const outcome = payWithApplePay({ amount: 1.99, initIntent: vi.fn(), charge: vi.fn() });
    sessions[0]!.oncancel!();
    await expect(outcome).resolves.toBeNull();
  });
});
