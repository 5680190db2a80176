import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIp, vetDestination } from './address-policy';
import { agentFor, destroyAgents, pinnedLookup } from './agents';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.253', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['not-an-ip', 'invalid'],
    ['1.2.3', 'invalid'],
  ] as const)('%s -> %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('IPv6 forms carrying an IPv4 address are judged by that address', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('::ffff:10.1.2.3')).toBe('private');
    expect(classifyAddress('::ffff:93.184.216.34')).toBe('public');
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toBe('metadata'); // NAT64 of 169.254.169.254
    expect(classifyAddress('2002:c0a8:0101::1')).toBe('private'); // 6to4 of 192.168.1.1
    expect(classifyAddress('::127.0.0.1')).toBe('reserved'); // deprecated IPv4-compatible
  });

  it('parses IPv6 text to 16 bytes', () => {
    expect(parseIp('fd00:ec2::254')).toEqual([0xfd, 0, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54]);
    expect(parseIp('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIp('1.2.3.4')).toEqual([1, 2, 3, 4]);
  });
});

describe('vetDestination', () => {
  const resolveTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('sandbox: http and loopback allowed, nothing pinned', async () => {
    expect(await vetDestination(new URL('http://127.0.0.1:8080/hook'), { live: false })).toEqual({ ok: true, pin: null });
  });

  it('any environment: only http(s)', async () => {
    expect(await vetDestination(new URL('ftp://example.com/x'), { live: false })).toEqual({ ok: false, error: 'unsupported URL scheme ftp:', retryable: false });
  });

  it('live: https only', async () => {
    expect(await vetDestination(new URL('http://hooks.example.com/x'), { live: true, resolve: resolveTo('93.184.216.34') })).toEqual({
      ok: false,
      error: 'destination refused: live webhooks must use https',
      retryable: false,
    });
  });

  it('live: a public host is pinned to the address that was checked', async () => {
    expect(await vetDestination(new URL('https://hooks.example.com/x'), { live: true, resolve: resolveTo('93.184.216.34', '2606:4700::1111') })).toEqual({
      ok: true,
      pin: { address: '93.184.216.34', family: 4 },
    });
  });

  it('live: one non-public address among the answers refuses the host', async () => {
    expect(await vetDestination(new URL('https://rebind.example.com/x'), { live: true, resolve: resolveTo('93.184.216.34', '10.0.0.7') })).toEqual({
      ok: false,
      error: 'destination refused: rebind.example.com resolves to private address 10.0.0.7',
      retryable: false,
    });
  });

  it('live: IP literals are checked without DNS', async () => {
    const noDns = async () => {
      throw new Error('no DNS expected');
    };
    expect(await vetDestination(new URL('https://169.254.169.254/latest/meta-data'), { live: true, resolve: noDns })).toEqual({
      ok: false,
      error: 'destination refused: 169.254.169.254 is a metadata address',
      retryable: false,
    });
    expect(await vetDestination(new URL('https://[::1]:8443/x'), { live: true, resolve: noDns })).toEqual({
      ok: false,
      error: 'destination refused: ::1 is a loopback address',
      retryable: false,
    });
    expect(await vetDestination(new URL('https://93.184.216.34/x'), { live: true, resolve: noDns })).toEqual({ ok: true, pin: { address: '93.184.216.34', family: 4 } });
  });

  it('live: a failed DNS lookup is retryable', async () => {
    const failing = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await vetDestination(new URL('https://gone.example.com/x'), { live: true, resolve: failing })).toEqual({
      ok: false,
      error: 'DNS lookup failed for gone.example.com: ENOTFOUND',
      retryable: true,
    });
  });
});

describe('DNS answers that change between attempts (rebinding)', () => {
  const host = new URL('https://rebind.example.com/hook');
  const changing = (...answers: string[][]) => {
    let n = 0;
    return async () => answers[Math.min(n++, answers.length - 1)].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('each attempt vets the answer of that moment: public, then loopback, private, metadata', async () => {
    const resolve = changing(['93.184.216.34'], ['127.0.0.1'], ['93.184.216.34', '10.0.0.5'], ['169.254.169.254'], ['::ffff:127.0.0.1']);
    expect(await vetDestination(host, { live: true, resolve })).toEqual({ ok: true, pin: { address: '93.184.216.34', family: 4 } });
    for (const cls of ['loopback', 'private', 'metadata', 'loopback']) {
      const v = await vetDestination(host, { live: true, resolve });
      expect(v).toMatchObject({ ok: false, retryable: false });
      expect(!v.ok && v.error).toContain(`resolves to ${cls} address`);
    }
  });

  it('the connection uses the vetted address, whatever DNS answers after the check', async () => {
    const pin = { address: '93.184.216.34', family: 4 as const };
    const lookup = pinnedLookup(pin) as unknown as (h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) => void;
    const all = await new Promise((r) => lookup('rebind.example.com', { all: true }, (_e, addrs) => r(addrs)));
    expect(all).toEqual([pin]);
    const one = await new Promise((r) => lookup('rebind.example.com', {}, (_e, address, family) => r([address, family])));
    expect(one).toEqual(['93.184.216.34', 4]);
  });

  it('pooled connections are never shared between two vetted addresses of one host', () => {
    const a = agentFor(host, { address: '93.184.216.34', family: 4 });
    const b = agentFor(host, { address: '93.184.216.35', family: 4 });
    expect(a).not.toBe(b);
    expect(agentFor(host, { address: '93.184.216.34', family: 4 })).toBe(a);
    expect(agentFor(new URL('http://127.0.0.1:8080/x'), null)).not.toBe(agentFor(new URL('http://127.0.0.1:8081/x'), null));
    destroyAgents();
  });
});
