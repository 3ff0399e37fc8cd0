import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full GC kept before it starts the next one
 * (HEAP_GROWTH_PERCENT; docs/configuration.md, docs/performance.md "GC and the chat tail").
 *
 * V8 picks the factor itself (1.1–4×) from how fast its collector is against the program. On a busy two-core host
 * with 10,000 sockets it chose about 1.2×: a full GC of the ~120 MB live heap every 4 s, each holding requests up to
 * 60–150 ms (its marking takes a core PostgreSQL needs). A fixed 4× (300 %) makes those GCs about 30 times rarer
 * for up to 4× the live heap in memory. The flag is read at each GC, so setting it at start-up, before the server
 * has built its heap, is enough; 0 leaves V8's own choice.
 */
export function applyHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0)
    throw new Error('heap growth must be a whole percentage, 0 or more');
  if (percent === 0) return;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
