import fs from 'node:fs';

/** /proc/<pid>/stat counts CPU time in clock ticks (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of a process in milliseconds (0 once it is gone). Linux only. */
export function processCpuMs(pid: number | string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Time a process's main thread spent ready to run but waiting for a CPU, in milliseconds (0 once
 * it is gone): the second field of /proc/<pid>/schedstat, in nanoseconds. For Node that thread is
 * the event loop, so while it waits no request of that process moves. Linux only.
 */
export function processWaitMs(pid: number | string): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/** The sum of `measure` over every PostgreSQL process on this machine (backends and background workers). */
function overPostgres(measure: (pid: string) => number): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += measure(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** CPU time of every PostgreSQL process on this machine. */
export const postgresCpuMs = (): number => overPostgres(processCpuMs);

/** Time every PostgreSQL process on this machine spent waiting for a CPU (see processWaitMs). */
export const postgresWaitMs = (): number => overPostgres(processWaitMs);

export const round2 = (value: number): number => Math.round(value * 100) / 100;
