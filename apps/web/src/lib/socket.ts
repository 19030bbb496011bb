import { io, type Socket } from 'socket.io-client';

/**
 * A socket.io channel of our server (DESIGN.md section 4): same origin, path /socket.io, one
 * namespace per channel, websocket only, cookies sent (the session cookie authenticates the
 * handshake), connected by hand when the player's details exist (seed 000 section 7 'Sockets').
 */
export function createChannel(namespace: string): Socket {
  return io(namespace, {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
  });
}
