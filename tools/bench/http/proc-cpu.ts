import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) a process has used so far; 0 once it has gone. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields =
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU milliseconds used so far by every process on the machine, summed per group that `groupOf` names. */
export function cpuByGroup(groupOf: (pid: number, command: string) => string): Map<string, number> {
  const groups = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const group = groupOf(Number(entry), command);
    groups.set(group, (groups.get(group) ?? 0) + cpuMs(Number(entry)));
  }
  return groups;
}

/** Ticks the machine has spent in all and idle so far: two readings give its busy share in between. */
export function machineTicks(): { all: number; idle: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  return { all: fields.reduce((a, b) => a + b, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
}
