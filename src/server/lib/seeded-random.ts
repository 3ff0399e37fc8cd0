/**
 * A small, fast seeded pseudo-random generator (mulberry32): floats in [0, 1), the same sequence for the same seed.
 * For what must come out the same on every run (the demo members and their portraits, the benches' questions);
 * never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
