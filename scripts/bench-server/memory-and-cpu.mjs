// bench-server's readings of /proc: the servers' resident memory over the run, and CPU time by process group.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { round } from '../lib/figures.mjs';
import { PG_DATA } from './settings.mjs';

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); 0 for a process that has ended. */
export function statusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of a process (user + system); 0 for one that has ended. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The bench's PostgreSQL: its postmaster (postmaster.pid in PG_DATA) and the processes it started.
 * Not every process named postgres: on a shared machine, other sessions' clusters would count.
 */
function clusterPids() {
  let postmaster;
  try {
    postmaster = readFileSync(resolve(PG_DATA, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  } catch {
    return [];
  }
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}

/** CPU seconds used so far (user + system) by each named group of processes ('postgres': the bench's cluster): the push's cost by process. */
export function cpuSeconds(groups) {
  const out = {};
  for (const [name, pids] of Object.entries(groups)) out[name] = (pids === 'postgres' ? clusterPids() : pids).reduce((n, pid) => n + cpuSecondsOf(pid), 0);
  return out;
}

export function memorySampler(servers) {
  const peak = Object.fromEntries(servers.map((s) => [s.name, 0]));
  // The first copy's peak in each phase: which one needs the memory.
  const byPhase = {};
  let phase = 'start';
  const timer = setInterval(() => {
    for (const s of servers) peak[s.name] = Math.max(peak[s.name], statusKb(s.child.pid, 'VmRSS'));
    byPhase[phase] = Math.max(byPhase[phase] ?? 0, statusKb(servers[0].child.pid, 'VmRSS'));
  }, 100);
  return {
    phase(name) {
      phase = name;
    },
    byPhase: () => Object.fromEntries(Object.entries(byPhase).map(([name, kb]) => [name, round(kb / 1024)])),
    stop() {
      clearInterval(timer);
      for (const s of servers) peak[s.name] = Math.max(peak[s.name], statusKb(s.child.pid, 'VmHWM'));
      return Object.fromEntries(Object.entries(peak).map(([name, kb]) => [name, round(kb / 1024)]));
    },
  };
}
