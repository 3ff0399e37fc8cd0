/**
 * A short DevTools-protocol session with a Node process started with --inspect=127.0.0.1:<port>: a full garbage
 * collection with process.memoryUsage() after it (memory compared without whatever garbage happens to be
 * uncollected), a CPU profile of just the window a bench measures (Profiler.start / Profiler.stop), and a heap
 * snapshot summed by constructor (what a change of state, e.g. 10,000 open sockets, keeps in memory).
 */
import WebSocket from 'ws';

export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export class InspectorSession {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Called with the protocol's events (messages without an id). */
  onEvent: ((method: string, params: unknown) => void) | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as {
        id?: number;
        method?: string;
        params?: unknown;
        result?: unknown;
        error?: { message: string };
      };
      if (msg.id === undefined && msg.method) this.onEvent?.(msg.method, msg.params);
      const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id!);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('inspector session closed'));
      this.pending.clear();
    });
  }

  static async connect(port: number): Promise<InspectorSession> {
    const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = list[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new InspectorSession(ws);
  }

  call<T = unknown>(method: string, params: object = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async memoryUsage(): Promise<MemoryUsage> {
    const r = await this.call<{ result: { value: string } }>('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(r.result.value) as MemoryUsage;
  }

  async startProfile(intervalUs = 1000): Promise<void> {
    await this.call('Profiler.enable');
    await this.call('Profiler.setSamplingInterval', { interval: intervalUs });
    await this.call('Profiler.start');
  }

  /** Stops the profile started by startProfile and returns it (the .cpuprofile JSON). */
  async stopProfile(): Promise<object> {
    const r = await this.call<{ profile: object }>('Profiler.stop');
    await this.call('Profiler.disable');
    return r.profile;
  }

  close(): void {
    this.ws.close();
  }
}

/** Runs a full GC in the process behind the inspector port and returns its memory usage after it. */
export async function collectGarbage(port: number): Promise<MemoryUsage> {
  const session = await InspectorSession.connect(port);
  try {
    await session.call('HeapProfiler.collectGarbage');
    return await session.memoryUsage();
  } finally {
    session.close();
  }
}

/** Self size and count of a heap snapshot's nodes by constructor (objects, closures, native) or node type. */
export type HeapSummary = Map<string, { count: number; bytes: number }>;

/**
 * Takes a heap snapshot (after a full GC) of the process behind the inspector port and sums it by constructor. The
 * snapshot travels as one JSON text: fine for heaps up to a few hundred MB.
 */
export async function heapSnapshotSummary(port: number): Promise<HeapSummary> {
  const session = await InspectorSession.connect(port);
  const chunks: string[] = [];
  session.onEvent = (method, params) => {
    if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push((params as { chunk: string }).chunk);
  };
  try {
    await session.call('HeapProfiler.collectGarbage');
    await session.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    session.close();
  }
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const n = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const out: HeapSummary = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += n) {
    const type = types[snapshot.nodes[i + typeAt]!] ?? '?';
    const name = snapshot.strings[snapshot.nodes[i + nameAt]!] ?? '';
    const key =
      type === 'object' || type === 'native'
        ? name.slice(0, 60)
        : type === 'closure'
          ? `closure ${name.slice(0, 50)}`
          : `(${type})`;
    const e = out.get(key) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += snapshot.nodes[i + sizeAt]!;
    out.set(key, e);
  }
  return out;
}
