import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limits';

const req = (ip: string | undefined) => ({ ip }) as unknown as FastifyRequest;

describe('rateLimitKey', () => {
  it('counts an address as the plugin does: IPv4 as it is, IPv6 by its subnet, mapped IPv4 as IPv4', () => {
    expect(rateLimitKey(req('203.0.113.7'))).toBe('ip:203.0.113.7');
    // Two addresses of one /64 (the plugin's default subnet) are one client; another /64 is another.
    expect(rateLimitKey(req('2001:db8:0:1::1'))).toBe(rateLimitKey(req('2001:db8:0:1:ab::9')));
    expect(rateLimitKey(req('2001:db8:0:1::1'))).not.toBe(rateLimitKey(req('2001:db8:0:2::1')));
    expect(rateLimitKey(req('::ffff:203.0.113.7'))).toBe('ip:203.0.113.7');
  });

  it('does not throw for a request whose socket is gone (no address)', () => {
    expect(rateLimitKey(req(undefined))).toBe('ip:unknown');
  });
});
