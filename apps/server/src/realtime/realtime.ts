import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import { isAllowedOrigin } from '../http/origin.js';

/**
 * socket.io on the API's port, path /socket.io, one namespace per channel (docs/ARCHITECTURE.md 'Realtime').
 * With REDIS_URL the Redis adapter carries events between server processes, so an event emitted
 * by any process reaches a player connected to any other.
 */
export interface Realtime {
  io: Server;
  /**
   * Closes this process's sockets (every namespace; other processes keep theirs): a stopping
   * server's HTTP listener closes only once no connection is left open. The pages reconnect.
   */
  disconnectLocal(): void;
  close(): Promise<void>;
}

export function createRealtime(httpServer: HttpServer, config: Config): Realtime {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Same-origin only: the handshake's Origin must be our public origin.
    allowRequest: (request, callback) => {
      callback(null, isAllowedOrigin(request.headers.origin, config));
    },
  });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (config.REDIS_URL) {
    pub = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
  }
  return {
    io,
    disconnectLocal: () => io.engine.close(),
    close: async () => {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await Promise.all([pub?.quit(), sub?.quit()]);
    },
  };
}
