import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) keeps the whole database in the memory of the process that
 * opened its folder and writes it back on its own schedule: a second process opening the same
 * folder works on a copy, and whichever writes last wins. An operator made by
 * `npm run admin:create` beside a running server was lost that way. So each process that opens a
 * data folder holds this lock file while it has it open, and any other is refused with who holds it.
 * A lock left by a process that no longer runs (a crash, a kill) is taken over (docs/decisions/060).
 */
export const DATA_FOLDER_LOCK_FILE = 'pglite.lock';

export interface DataFolderHolder {
  pid: number;
  /** What holds it, for the refusal's message: 'the server', 'npm run admin:create'. */
  holder: string;
  since: string;
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataFolderHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${holder.holder} (process ${holder.pid}, since ${holder.since}). ` +
        'The embedded database can be open in one process at a time: stop that process first.',
    );
    this.name = 'DataFolderInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): DataFolderHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DataFolderHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder), since: String(parsed.since) } : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock for this process, or throws DataFolderInUseError; answers its release. */
export function lockDataFolder(dataDir: string, holder: string): () => void {
  const file = path.join(dataDir, DATA_FOLDER_LOCK_FILE);
  const mine: DataFolderHolder = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx' creates the file only if it is absent: of two processes starting together, one wins.
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(file);
      if (current && isRunning(current.pid)) throw new DataFolderInUseError(dataDir, current);
      // The holder is gone (or the file is torn): the lock is stale.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataFolderInUseError(dataDir, readHolder(file) ?? { pid: 0, holder: 'another process', since: 'just now' });
}
