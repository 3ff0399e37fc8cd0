/**
 * Cheap process figures from Linux /proc, for benches that measure servers they started (or PostgreSQL beside
 * them): resident memory and CPU time. Every function answers undefined where /proc is missing or the process is
 * gone, so a bench still runs elsewhere (without those figures).
 */
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on every Linux that matters). */
const TICKS_PER_SECOND = 100;

/** The resident set size of a process in KiB (VmRSS of /proc/<pid>/status). */
export async function rssKiB(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds a process has used so far (its threads included; not its children). */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, utime field 14 and stime field 15 of the whole line.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of every process whose command is `name` (e.g. all PostgreSQL processes: the backends, the WAL
 * writer, the checkpointer...), by pid. Compare two snapshots with cpuDelta: processes that ended between them are
 * not counted, processes that started are counted from zero.
 */
export async function cpuByCommand(name: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  await Promise.all(
    pids.map(async (p) => {
      try {
        const comm = (await readFile(`/proc/${p}/comm`, 'utf8')).trim();
        if (comm !== name) return;
        const s = await cpuSeconds(Number(p));
        if (s !== undefined) out.set(Number(p), s);
      } catch {
        /* gone meanwhile */
      }
    }),
  );
  return out;
}

/** CPU seconds used between two cpuByCommand snapshots. */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}

/**
 * CPU seconds of the whole machine so far (/proc/stat), every core: busy (all but idle and iowait), of it the time in
 * interrupts and soft interrupts (e.g. loopback networking, which no process is charged for), and in all.
 */
export async function systemCpu(): Promise<{ busy: number; irq: number; total: number } | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest times are already in user and nice)
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const irq = (v[5] ?? 0) + (v[6] ?? 0);
    return {
      busy: (total - idle) / TICKS_PER_SECOND,
      irq: irq / TICKS_PER_SECOND,
      total: total / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}
