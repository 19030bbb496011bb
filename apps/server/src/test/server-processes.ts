import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whole server processes for the tests that stop one (scale/storm.test.ts, rgs/crash-recovery.test.ts,
 * rgs/graceful-shutdown.test.ts, observability/tracing.test.ts): each runs test/server-process.ts
 * (migrate, seed, serve, jobs, as main.ts does) or another entry from the sources, on a port of
 * its own, and is killed with SIGKILL (as a crash) or stopped with SIGTERM (as an orchestrator does).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.resolve(here, 'server-process.ts');

export interface ServerProcess {
  name: string;
  /** The address it listens on (`LISTENING <url>`). */
  baseUrl: string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGKILL by default: no shutdown hook runs, open transactions die with their connections. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  /** Another entry than test/server-process.ts (a traced one). */
  entry?: string;
  /** Its standard output (the log) beside the test's, from the start. */
  echo?: boolean;
}

const running = new Set<ChildProcess>();

/** Kills whatever is still running (a failed test's processes). */
export function killAllServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Starts a server on `port` (0: any) with the test's environment and `env`; resolves once it listens. */
export function startServerProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  { entry = SERVER_ENTRY, echo = false }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (echo) process.stderr.write(chunk);
      output += chunk.toString();
      const baseUrl = /LISTENING (\S+)/.exec(output)?.[1];
      if (baseUrl) {
        output = '';
        resolve({
          name,
          baseUrl,
          exited,
          async kill(signal = 'SIGKILL') {
            child.kill(signal);
            await exited;
          },
        });
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`server ${name} exited (${code ?? signal}) before listening`)));
  });
}
