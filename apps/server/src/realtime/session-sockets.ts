import { WALLET_NAMESPACE } from '@casino/contracts/wallet';
import type { Server } from 'socket.io';
import type { SessionEndListener } from '../kernel/sessions/session-service.js';

/**
 * Sockets end with their session. Every signed-in socket joins a room of its
 * session and one of its player; ending either room disconnects its sockets in every server
 * process (with REDIS_URL the Redis adapter carries the request). Logout, password reset and
 * session expiry use it; later features (self-exclusion, a password change) call
 * disconnectSession / disconnectUser, or end the session through the session service, which does.
 */
export interface SessionSockets extends SessionEndListener {
  disconnectSession(sessionId: number): void;
  disconnectUser(userId: number): void;
}

export function sessionRoom(sessionId: number): string {
  return `session:${sessionId}`;
}

export function userRoom(userId: number): string {
  return `user:${userId}`;
}

export function createSessionSockets(io: Server): SessionSockets {
  const signedIn = io.of(WALLET_NAMESPACE);
  const disconnectSession = (sessionId: number) => signedIn.in(sessionRoom(sessionId)).disconnectSockets(true);
  const disconnectUser = (userId: number) => signedIn.in(userRoom(userId)).disconnectSockets(true);
  return { disconnectSession, disconnectUser, sessionEnded: disconnectSession, userSessionsEnded: disconnectUser };
}
