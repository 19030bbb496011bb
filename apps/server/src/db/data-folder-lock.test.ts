import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE, DataFolderInUseError, lockDataFolder } from './data-folder-lock.js';

function folder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'casino-lock-'));
}

describe('the data folder lock of the embedded database', () => {
  it('refuses a second holder while the first has the folder, naming the first; free again once released', () => {
    const dir = folder();
    const release = lockDataFolder(dir, 'the server');
    let refusal: unknown;
    try {
      lockDataFolder(dir, 'npm run admin:create');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toContain(`in use by the server (process ${process.pid}`);
    release();
    expect(fs.existsSync(path.join(dir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    lockDataFolder(dir, 'npm run admin:create')();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = folder();
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    fs.writeFileSync(path.join(dir, DATA_FOLDER_LOCK_FILE), JSON.stringify({ pid: deadPid, holder: 'the server', since: 'earlier' }));
    const release = lockDataFolder(dir, 'npm run admin:create');
    expect(JSON.parse(fs.readFileSync(path.join(dir, DATA_FOLDER_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });
});
