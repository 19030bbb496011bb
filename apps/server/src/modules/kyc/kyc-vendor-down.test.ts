import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/event-bus.js';
import { VendorHttpError } from '../../providers/vendor-http.js';
import type { KycProvider } from '../../providers/kyc/kyc-provider.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import { createKycService } from './service.js';
import { verifyPhone } from './test-phones.js';

/** The identity vendor down: the player is told to try later (3739), the operator's log says why. */
describe('starting identity verification while the vendor fails', () => {
  it('answers 3739 and logs the vendor’s failure', async () => {
    const { database } = await testServer();
    const player = await signedInClient('kd');
    await verifyPhone(player.client);
    const failing: KycProvider = {
      kind: 'persona',
      name: 'persona',
      createSession: () => Promise.reject(new VendorHttpError('persona', 'status', 'persona answered 503 to POST /api/v1/inquiries', 503)),
      verifyWebhook: () => null,
    };
    const errors: string[] = [];
    const kyc = createKycService(database.db, createEventBus(database.db, { log: { error: () => undefined } }), failing, {
      error: (_object, message) => void errors.push(message),
    });
    await expect(kyc.initKyc(player.userId)).rejects.toMatchObject({ errorName: 'KycProviderUnavailable', status: 503 });
    expect(errors).toEqual(['the identity-verification vendor could not open a session']);
  });
});
