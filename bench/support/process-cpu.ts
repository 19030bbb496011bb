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

/** CPU time of every PostgreSQL process on this machine (backends and background workers). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;
