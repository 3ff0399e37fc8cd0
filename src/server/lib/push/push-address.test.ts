import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkedLookup, embeddedIPv4, isPrivateAddress, PushAddressRefused } from './push-address';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '169.254.169.254', // cloud metadata
    '100.100.100.200', // Alibaba metadata (carrier-grade NAT range)
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fd00::',
    'fd00:ec2::254', // AWS metadata over IPv6
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1', // the same, as URLs write it
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2001:db8::1',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '142.250.185.74',
    '8.8.8.8',
    '2a00:1450:4001:82b::200a',
    '2606:4700::6810:84e5',
    '::ffff:142.250.185.74',
    '64:ff9b::808:808',
  ])('passes the public %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('reads the IPv4 address inside mapped, NAT64 and 6to4 addresses', () => {
    expect(embeddedIPv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('::ffff:102:304')).toBe('1.2.3.4');
    expect(embeddedIPv4('64:ff9b::102:304')).toBe('1.2.3.4');
    expect(embeddedIPv4('2002:102:304::1')).toBe('1.2.3.4');
    expect(embeddedIPv4('2a00:1450::1')).toBeNull();
  });
});

/** A fake resolver: fixed answers per name, and how often it was asked. */
function fakeResolver(answers: Record<string, LookupAddress[]>) {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { resolve, asked };
}

function lookupOnce(
  lookup: ReturnType<typeof checkedLookup>,
  host: string,
  options: { all?: boolean; family?: number },
) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
    lookup(host, options as never, (err, address, family) =>
      resolve({ err, address, ...(family !== undefined ? { family } : {}) }),
    ),
  );
}

describe('checkedLookup (the push agent’s DNS lookup)', () => {
  const v4 = (address: string): LookupAddress => ({ address, family: 4 });
  const v6 = (address: string): LookupAddress => ({ address, family: 6 });

  it.each([
    ['127.0.0.1', v4('127.0.0.1')],
    ['10.x', v4('10.20.30.40')],
    ['the metadata service', v4('169.254.169.254')],
    ['::1', v6('::1')],
    ['fd00::', v6('fd00::')],
    ['an IPv4-mapped loopback', v6('::ffff:127.0.0.1')],
  ])('refuses a public name that resolves to %s', async (_label, answer) => {
    const { resolve } = fakeResolver({ 'push.example.net': [v4('142.250.185.74'), answer] });
    for (const options of [{ all: true }, {}]) {
      const got = await lookupOnce(checkedLookup(resolve), 'push.example.net', options);
      expect(got.err).toBeInstanceOf(PushAddressRefused);
    }
  });

  it('hands the connection exactly the checked public addresses, asking the resolver once', async () => {
    const { resolve, asked } = fakeResolver({
      'fcm.googleapis.com': [v4('142.250.185.74'), v6('2a00:1450:4001:82b::200a')],
    });
    const lookup = checkedLookup(resolve);
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', { all: true })).toEqual({
      err: null,
      address: [v4('142.250.185.74'), v6('2a00:1450:4001:82b::200a')],
    });
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', {})).toEqual({
      err: null,
      address: '142.250.185.74',
      family: 4,
    });
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', { family: 6 })).toEqual({
      err: null,
      address: '2a00:1450:4001:82b::200a',
      family: 6,
    });
    expect(asked).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com', 'fcm.googleapis.com']);
  });

  it('passes the resolver’s own failure on (the outbox retries it)', async () => {
    const { resolve } = fakeResolver({});
    const got = await lookupOnce(checkedLookup(resolve), 'nowhere.example.net', {});
    expect(got.err?.code).toBe('ENOTFOUND');
    expect(got.err).not.toBeInstanceOf(PushAddressRefused);
  });
});
