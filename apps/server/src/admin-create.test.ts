import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { DATA_FOLDER_LOCK_FILE } from './db/data-folder-lock.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const run = promisify(execFile);

/** `npm run admin:create` as an operator types it, on the embedded database in `dataDir`. */
async function adminCreate(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  // The embedded database, whatever the test run's own DATABASE_URL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, ADMIN_PASSWORD: 'A-long-operator-passphrase-2026' };
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(here, 'admin-create.ts'), '--email', 'ops@example.com', '--name', 'Ada Admin'],
      { cwd: root, env, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run admin:create on the embedded database', () => {
  it('refuses, creating nothing, while a server has the same data folder open', { timeout: 150_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-admin-create-'));
    const server = await openDatabase({ databaseUrl: undefined, dataDir, holder: 'the server' });
    try {
      const answer = await adminCreate(dataDir);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(
        `No operator was created: the server (process ${process.pid}) has the data folder ${dataDir} open. Stop the server, run npm run admin:create again, then start the server.`,
      );
      expect(answer.stdout).not.toContain('created');
      // The server keeps its folder.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await server.close();
    }
  });
});
