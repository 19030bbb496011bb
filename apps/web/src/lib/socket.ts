import { io, type Socket } from 'socket.io-client';

/** socket.io's shape of an event map: event name -> listener. */
type EventMap = Record<string, (...args: never[]) => void>;

/**
 * A socket.io channel of our server (docs/ARCHITECTURE.md 'Realtime'): same origin, path /socket.io, one
 * namespace per channel, websocket only, cookies sent (the session cookie authenticates the
 * handshake), connected by hand when the player's details exist (seed 000 section 7 'Sockets').
 * `ServerEvents` is the channel's event map from packages/contracts/src/realtime.ts; the client
 * sends no events.
 */
export function createChannel<ServerEvents extends EventMap>(namespace: string): Socket<ServerEvents, Record<string, never>> {
  return io(namespace, {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
  });
}
