/**
 * A short text summary of a V8 .cpuprofile (node --cpu-prof): where the sampled time went, as self time per
 * function and per package / area (node_modules package, the app's own folders, Node internals, GC, idle).
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  ms: number;
  /** share of the non-idle time, 0..1 */
  share: number;
}

export interface ProfileSummary {
  /** wall time the profile covers */
  totalMs: number;
  idleMs: number;
  byArea: ProfileShare[];
  byFunction: ProfileShare[];
}

/** The area a frame's source belongs to: a package, a folder of the app, Node itself, or V8's own entries. */
function areaOf(fn: string, url: string): string {
  if (!url) {
    if (fn === '(garbage collector)') return 'V8: garbage collector';
    if (fn === '(idle)') return '(idle)';
    if (fn === '(program)') return 'V8/native: (program)';
    return `native: ${fn || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const parts = url.slice(src + 1).split('/');
    // src/server/modules/chat/x.ts -> src/server/modules/chat
    return parts.slice(0, Math.min(parts.length - 1, 4)).join('/');
  }
  return url.replace(/^file:\/\//, '');
}

/** Self time per function and per area of a .cpuprofile file; shares are of the time not idle. */
export async function summarizeCpuProfile(file: string, top = 20): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    // timeDeltas[i] is the time before sample i; the time after it is what the sample stands for.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, dt));
  }
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const area = areaOf(f.functionName, f.url);
    if (area === '(idle)') {
      idleUs += us;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + us);
    const file = f.url ? f.url.replace(/^.*\/(node_modules|src)\//, '$1/') : '';
    const key = `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busyUs = [...areas.values()].reduce((a, b) => a + b, 0) || 1;
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busyUs }));
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    idleMs: idleUs / 1000,
    byArea: list(areas),
    byFunction: list(fns),
  };
}
