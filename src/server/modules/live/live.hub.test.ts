import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LocalEventBus } from '../../lib/event-bus';
import { HEARTBEAT_SLICES, LiveHub } from './live.hub';

/** What the hub uses of a ws WebSocket: events, ping, terminate. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
}

describe('LiveHub heartbeat', () => {
  let hub: LiveHub;
  beforeEach(() => {
    vi.useFakeTimers();
    hub = new LiveHub(new LocalEventBus(), 30_000);
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  function open(n: number): FakeSocket[] {
    return Array.from({ length: n }, (_, i) => {
      const s = new FakeSocket();
      hub.add(i + 1, s as unknown as WebSocket);
      return s;
    });
  }
  const pinged = (sockets: FakeSocket[]) => sockets.reduce((n, s) => n + s.pings, 0);

  it('pings one slice of the sockets per tick, each socket once per interval', () => {
    const sockets = open(HEARTBEAT_SLICES * 100);
    vi.advanceTimersByTime(30_000 / HEARTBEAT_SLICES);
    // One loop over all of them every 30 s was the chat's p99 (docs/performance.md): a tick takes one slice.
    expect(pinged(sockets)).toBe(100);
    for (const s of sockets) if (s.pings > 0) s.emit('pong');
    vi.advanceTimersByTime(30_000 - 30_000 / HEARTBEAT_SLICES);
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    for (const s of sockets) s.emit('pong');
    vi.advanceTimersByTime(30_000);
    expect(sockets.every((s) => s.pings === 2 && !s.terminated)).toBe(true);
    expect(hub.size).toBe(sockets.length);
  });

  it('closes a socket that did not answer its previous ping, one interval later', () => {
    const sockets = open(HEARTBEAT_SLICES);
    const [silent, ...answering] = sockets as [FakeSocket, ...FakeSocket[]];
    // Each tick: the answering sockets pong at once.
    for (let t = 0; t < HEARTBEAT_SLICES * 2; t++) {
      vi.advanceTimersByTime(30_000 / HEARTBEAT_SLICES);
      for (const s of answering) if (s.pings > 0) s.emit('pong');
    }
    expect(silent.pings).toBe(1);
    expect(silent.terminated).toBe(true);
    expect(answering.some((s) => s.terminated)).toBe(false);
    expect(hub.size).toBe(HEARTBEAT_SLICES - 1);
  });

  it('forgets closed sockets', () => {
    const sockets = open(HEARTBEAT_SLICES);
    for (const s of sockets) s.emit('close');
    expect(hub.size).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(pinged(sockets)).toBe(0);
  });
});
