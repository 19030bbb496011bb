import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { EventBus } from './events/event-bus.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { LedgerService } from './money/ledger/types.js';
import type { SessionGuards } from './kernel/sessions/session-cookie.js';
import type { SessionService } from './kernel/sessions/session-service.js';
import type { LocationGate } from './kernel/location-gate/gate.js';
import type { GeolocationModeSetting } from './kernel/location-gate/mode.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { Realtime } from './realtime/realtime.js';
import type { SessionSockets } from './realtime/session-sockets.js';

/**
 * What the server's modules share: configuration and infrastructure. Built once in buildApp and
 * handed to each module's plugin; modules build their own services from it.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** Present when REDIS_URL is set: rate-limit store and socket.io fan-out. */
  redis: Redis | undefined;
  realtime: Realtime;
  /** Cuts the sockets of a session or a player at once, in every process (self-exclusion, etc.). */
  sessionSockets: SessionSockets;
  sessions: SessionService;
  /** preHandlers: requireUser / optionalUser set request.user. */
  guards: SessionGuards;
  /** The wallet: every coin movement goes through it (docs/ARCHITECTURE.md 'The money core'). */
  ledger: LedgerService;
  /** One transaction per business action, with its domain events (events/event-bus.ts). */
  bus: EventBus;
  /** Scheduled and retried work (jobs/job-runner.ts). */
  jobs: JobRunner;
  /** Every e-mail goes through here: SMTP, or the sandbox outbox (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
  mailer: Mailer;
  /** The location gate: preHandler and in-transaction check for guarded actions. */
  location: LocationGate;
  /** The gate's mode (enforce or monitor) as the site configuration sets it, from memory. */
  geolocationMode: GeolocationModeSetting;
}
