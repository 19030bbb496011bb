import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The storm's server processes: each a whole server (test/server-process.ts: migrate, seed,
 * serve, jobs) on its own port, started from the sources, killed with SIGKILL and started again
 * on the same port, as an orchestrator restarts a crashed instance.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.resolve(here, '../test/server-process.ts');

export interface ServerProcess {
  name: string;
  port: number;
  /** SIGKILL: no shutdown hook runs, open transactions die with their connections. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills whatever is still running (a failed test's processes). */
export function killAllServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function startServerProcess(name: string, port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('LISTENING ')) {
        resolve({
          name,
          port,
          async kill() {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`server ${name} exited (${code ?? signal}) before listening`)));
  });
}
