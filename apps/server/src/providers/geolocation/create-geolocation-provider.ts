import { ConfigError, type Config } from '../../config.js';
import { createSandboxGeoComply, type SandboxGeoComply } from './sandbox-geocomply.js';

/**
 * The sandbox is the only adapter (the vendor's API is not public). Production refuses it unless
 * ALLOW_SANDBOX says this is a staging site (DESIGN.md section 7).
 */
export function createGeolocationProvider(config: Config): SandboxGeoComply {
  if (config.isProduction && !config.ALLOW_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  GEOLOCATION: production needs a real geolocation vendor; only the sandbox exists (set ALLOW_SANDBOX=true for a staging site)',
    );
  }
  return createSandboxGeoComply(config.gameServerSecret);
}
