import type { GeolocationReason } from '@casino/contracts/geolocation';

/**
 * A GeoComply-style location service (docs/ARCHITECTURE.md 'Vendors behind adapters'): the server issues
 * a license bound to the player's login session; the vendor's client library, initialised with
 * it, locates the player and produces an encrypted, signed packet; the server decrypts and
 * verifies the packet and judges it. Only the sandbox exists (the vendor's API is not public).
 */
export interface LicenseBinding {
  userId: number;
  sessionId: number;
}

export interface LicenseGrant {
  license: string;
  expiresAt: Date;
}

/** What a verified packet says: who was located, where, when, from which address. */
export interface LocationPacket {
  packetId: string;
  userId: number;
  sessionId: number;
  reason: GeolocationReason;
  /** The address the vendor saw the request come from. */
  ip: string;
  /** 0 when located; a vendor result code otherwise (e.g. 604: the browser gave no location). */
  vendorCode: number;
  /** The US state's postal code; null when located outside the states or not located. */
  region: string | null;
  country: string | null;
  locatedAt: Date;
  expiresAt: Date;
}

export type PacketReading = { ok: true; packet: LocationPacket } | { ok: false; problem: 'invalid' | 'expired' };

export interface GeolocationProvider {
  readonly kind: 'sandbox';
  issueLicense(binding: LicenseBinding, now?: Date): LicenseGrant;
  /** Decrypts and verifies a packet: a forged or altered one is invalid, an old one expired. */
  readPacket(token: string, now?: Date): PacketReading;
}
