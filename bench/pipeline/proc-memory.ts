import fs from 'node:fs';

/** Peak memory of processes, read from Linux's /proc (kB figures turned into MiB). */

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size: resident memory with shared pages split among the processes sharing them. */
function pssMb(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+) kB/m.exec(rollup);
    return match?.[1] ? Number(match[1]) / 1024 : statusField(pid, 'VmRSS');
  } catch {
    return statusField(pid, 'VmRSS');
  }
}

function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return -1;
  }
}

/** Every process below `root` (children, grandchildren, …). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const parent = parentOf(pid);
    const list = parents.get(parent);
    if (list) list.push(pid);
    else parents.set(parent, [pid]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    for (const child of parents.get(pid) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Restart the kernel's peak-RSS counter (VmHWM) of a process; false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface MemoryWatch {
  /** Stop watching; the peak (MiB) of the watched processes while watched. */
  stop(): { peakMb: number; pids: number[] };
}

/**
 * Watch the processes `select()` names (re-evaluated at each poll, so restarted workers count):
 * polls their resident memory every `everyMs` and, where the kernel allows it, also reads their
 * own peak counters (reset at the start), which catch spikes shorter than the poll interval.
 * Polling /proc every 20 ms with PSS slowed a conversion in the child by up to 2×: keep it light.
 * `peakMb` is the larger of: the peak resident memory of the largest single process, and the largest
 * sum of the processes' proportional sizes (PSS, so that pages they share count once) at one poll.
 */
export function watchMemory(select: () => number[], everyMs = 100): MemoryWatch {
  const seen = new Set<number>();
  const hwmReset = new Set<number>();
  let peak = 0;
  let sumPeak = 0;
  const poll = () => {
    let sum = 0;
    const pids = select();
    for (const pid of pids) {
      if (!seen.has(pid)) {
        seen.add(pid);
        if (resetPeak(pid)) hwmReset.add(pid);
      }
      // Reading PSS walks the process's page tables and slows it down: only where processes share pages.
      if (pids.length > 1) sum += pssMb(pid);
      peak = Math.max(peak, statusField(pid, 'VmRSS'), hwmReset.has(pid) ? statusField(pid, 'VmHWM') : 0);
    }
    sumPeak = Math.max(sumPeak, sum);
  };
  poll();
  const timer = setInterval(poll, everyMs);
  return {
    stop() {
      poll();
      clearInterval(timer);
      return { peakMb: Math.max(sumPeak, peak), pids: [...seen] };
    },
  };
}
