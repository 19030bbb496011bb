import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * HAProxy (Debian's package) in front of the storm's server processes (storm.test.ts): round
 * robin over them, health-checked on /readyz so that a killed process leaves the rotation within a
 * second and comes back when it is ready again, WebSocket upgrades passed through (socket.io).
 * A request whose connection to a dead process is refused is sent to another one (`redispatch`);
 * a request already sent to a process that dies answers 502 and the client retries it.
 *
 * Two test conveniences, both plain HAProxy: `x-storm-backend: <name>` pins a request (or a
 * socket) to one process, and every answer says which process served it in `x-served-by`.
 */
export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? 'haproxy';
export const PIN_HEADER = 'x-storm-backend';
export const SERVED_BY_HEADER = 'x-served-by';

export interface Backend {
  name: string;
  port: number;
}

export interface LoadBalancer {
  url: string;
  /** HAProxy's own messages so far: servers going DOWN and UP. */
  events(): string[];
  stop(): Promise<void>;
}

/** Null when HAProxy runs, else what to do about it. */
export function haproxyMissing(): string | null {
  const probe = spawnSync(HAPROXY_PATH, ['-v'], { encoding: 'utf8' });
  if (!probe.error && probe.status === 0) return null;
  return (
    `HAProxy is not installed (tried "${HAPROXY_PATH}"): the scale-out storm runs its two server processes behind it. ` +
    'Install it with `bash scripts/ensure-haproxy.sh` (Debian: apt-get install -y haproxy) or set HAPROXY_PATH.'
  );
}

export function haproxyConfig(port: number, backends: Backend[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 10m',
    '  retries 3',
    '  option redispatch 1',
    '  option forwardfor',
    'frontend storm',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // A dead process refuses the check's connection at once; a busy one may take a while to answer.
    '  timeout check 3s',
    '  default-server check inter 300ms fall 2 rise 2',
    ...backends.map(({ name }) => `  use-server ${name} if { req.hdr(${PIN_HEADER}) -m str ${name} }`),
    `  http-response set-header ${SERVED_BY_HEADER} %s`,
    ...backends.map(({ name, port: backendPort }) => `  server ${name} 127.0.0.1:${backendPort}`),
    '',
  ].join('\n');
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startLoadBalancer(port: number, backends: Backend[]): Promise<LoadBalancer> {
  const missing = haproxyMissing();
  if (missing) throw new Error(missing);
  if (await portOpen(port)) throw new Error(`port ${port} is already taken: set STORM_BASE_PORT to a free range`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(port, backends));
  // -db: stay in the foreground, so that the test owns the process and its end.
  const child = spawn(HAPROXY_PATH, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; !(await portOpen(port)); attempt += 1) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    events: () =>
      errors
        .split('\n')
        .filter((line) => /is (DOWN|UP)/.test(line))
        .map((line) => line.replace(/^\[\w+\]\s+\(\d+\)\s*:\s*/, '')),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
