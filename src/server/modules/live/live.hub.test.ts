import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE_SESSION_ENDED } from '../../../shared/realtime';
import { LocalEventBus } from '../../lib/event-bus';
import { SESSIONS_REVOKED } from '../auth/session-cache';
import { HEARTBEAT_SLICES, LiveHub } from './live.hub';

/** What the hub uses of a ws WebSocket: events, send, ping, close, terminate. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  pings = 0;
  terminated = false;
  closedWith: number | undefined;
  sent: string[] = [];
  send(text: string): void {
    this.sent.push(text);
  }
  ping(): void {
    this.pings++;
  }
  /** As ws: CLOSING at once; 'close' only once the peer answers (the test emits it when it wants). */
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
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
    hub = new LiveHub(new LocalEventBus(), { heartbeatMs: 30_000 });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  function open(n: number): FakeSocket[] {
    return Array.from({ length: n }, (_, i) => {
      const s = new FakeSocket();
      hub.add(i + 1, i + 1, s as unknown as WebSocket);
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

describe('LiveHub and ended sessions', () => {
  let bus: LocalEventBus;
  let hub: LiveHub;
  let valid: Set<number>;
  let checkFails: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    bus = new LocalEventBus();
    valid = new Set();
    checkFails = false;
    hub = new LiveHub(bus, {
      heartbeatMs: 3_600_000,
      sessionCheckMs: 60_000,
      checkSessions: async (ids) => {
        if (checkFails) throw new Error('database down');
        return ids.filter((id) => valid.has(id));
      },
    });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  function open(userId: number, sessionId: number): FakeSocket {
    const s = new FakeSocket();
    expect(hub.add(userId, sessionId, s as unknown as WebSocket)).toBe(true);
    valid.add(sessionId);
    return s;
  }

  it('closes exactly the revoked sessions’ sockets, at once, and delivers nothing more to them', () => {
    const phone = open(1, 11);
    const laptop = open(1, 12);
    const sameSessionTab = open(1, 11);
    const otherMember = open(2, 111);
    bus.publish(SESSIONS_REVOKED, { userId: 1, sessionIds: [11] });
    expect(phone.closedWith).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(sameSessionTab.closedWith).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(laptop.closedWith).toBeUndefined();
    expect(otherMember.closedWith).toBeUndefined();
    // Still in the closing handshake: readyState is not checked alone, the sockets are out of delivery.
    phone.readyState = 1;
    hub.publish([1, 2], { type: 'user.changed' });
    expect(phone.sent).toEqual([]);
    expect(sameSessionTab.sent).toEqual([]);
    expect(laptop.sent).toHaveLength(1);
    expect(otherMember.sent).toHaveLength(1);
    expect(hub.size).toBe(2);
  });

  it('refuses a socket of a session revoked a moment ago', () => {
    bus.publish(SESSIONS_REVOKED, { userId: 1, sessionIds: [21] });
    const late = new FakeSocket();
    expect(hub.add(1, 21, late as unknown as WebSocket)).toBe(false);
    expect(late.closedWith).toBe(LIVE_CLOSE_SESSION_ENDED);
    hub.publish([1], { type: 'user.changed' });
    expect(late.sent).toEqual([]);
    expect(hub.connected(1)).toBe(false);
  });

  it('ignores malformed announcements', () => {
    const s = open(1, 31);
    for (const payload of [
      null,
      31,
      { userId: 1 },
      { userId: '1', sessionIds: [31] },
      { userId: 1, sessionIds: ['31'] },
    ])
      bus.publish(SESSIONS_REVOKED, payload);
    expect(s.closedWith).toBeUndefined();
  });

  it('the periodic check closes sockets whose session is no longer valid; a failed check closes nothing', async () => {
    const kept = open(1, 41);
    const expired = open(1, 42);
    const lost = open(2, 43);
    valid.delete(42);
    valid.delete(43);
    checkFails = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect([kept, expired, lost].map((s) => s.closedWith)).toEqual([undefined, undefined, undefined]);
    checkFails = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(kept.closedWith).toBeUndefined();
    expect(expired.closedWith).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(lost.closedWith).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(hub.size).toBe(1);
  });
});
