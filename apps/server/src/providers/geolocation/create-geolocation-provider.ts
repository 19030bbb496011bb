import type { Config } from '../../config.js';
import { createSandboxGeoComply, type SandboxGeoComply } from './sandbox-geocomply.js';

/**
 * The sandbox is the only adapter (the vendor's API is not public). Production never runs it
 * unless ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'): without an adapter the
 * license and decrypt calls answer 503, no check can pass and the gate refuses every guarded
 * action (no fake pass), as the store answers 3607 without a card processor (decision 010).
 */
export function createGeolocationProvider(config: Config): SandboxGeoComply | undefined {
  if (config.isProduction && !config.ALLOW_SANDBOX) return undefined;
  return createSandboxGeoComply(config.gameServerSecret);
}
