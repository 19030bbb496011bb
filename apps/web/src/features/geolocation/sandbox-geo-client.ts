import { geolocationResultCodes, type GeolocationReason, type SandboxLocateBody } from '@casino/contracts/geolocation';

/**
 * The vendor's client library, sandbox edition (docs/ARCHITECTURE.md 'Vendors behind adapters'): initialised with the
 * license, it runs one request at a time. It asks the browser for the position (the browser
 * asks the player for consent), sends it with the license to the vendor (here the sandbox under
 * /sandbox/geocomply) and hands back the encrypted, signed packet it gets, which only the
 * casino's server can open. A second request while one runs answers 614; a request cut short
 * (the page going away, a new license) answers 700: the caller ignores both (seed 000 section 8).
 */
export type GeoClientResult = { packet: string } | { errorCode: number; message: string };

const POSITION_TIMEOUT_MS = 15_000;

function currentPosition(): Promise<SandboxLocateBody['position']> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy }),
      // Consent refused, no fix or too slow: the vendor is told there is no position. A check is
      // about where the player is now, so no cached position is taken.
      () => resolve(null),
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

export class SandboxGeoClient {
  private license: string | undefined;
  private running = false;
  private generation = 0;

  init(license: string): void {
    this.license = license;
    this.generation += 1;
  }

  isReady(): boolean {
    return this.license !== undefined;
  }

  async request(reason: GeolocationReason): Promise<GeoClientResult> {
    if (!this.license) return { errorCode: geolocationResultCodes.requestCancelled, message: 'The client is not initialised.' };
    if (this.running) return { errorCode: geolocationResultCodes.requestInProgress, message: 'A location request is already running.' };
    this.running = true;
    const generation = this.generation;
    try {
      const position = await currentPosition();
      if (generation !== this.generation)
        return { errorCode: geolocationResultCodes.requestCancelled, message: 'The request was replaced.' };
      const response = await fetch('/sandbox/geocomply/locate', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ license: this.license, reason, position } satisfies SandboxLocateBody),
      });
      const body = (await response.json().catch(() => ({}))) as {
        data?: { packet: string };
        errors?: { errorCode: number; description: string }[];
      };
      if (!response.ok || !body.data) {
        // An expired license is renewed by the caller; the client starts over with a new one.
        if (response.status === 400) this.license = undefined;
        const error = body.errors?.[0];
        return { errorCode: error?.errorCode ?? response.status, message: error?.description ?? 'The location service did not answer.' };
      }
      return { packet: body.data.packet };
    } catch {
      return { errorCode: geolocationResultCodes.locationUnavailable, message: 'The location service could not be reached.' };
    } finally {
      this.running = false;
    }
  }
}
