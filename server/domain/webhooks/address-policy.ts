import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a live webhook may connect (D10): only public addresses. The classifier
 * is pure; `vetDestination` resolves the host once and returns the vetted
 * address to pin, so a DNS answer that changes before the connect cannot bypass it.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'metadata' | 'reserved' | 'invalid';

type Range = { bytes: number[]; bits: number; cls: AddressClass };

// First match wins: the more specific ranges come first.
const V4_RANGES = ranges([
  ['169.254.169.254/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'],
  ['169.254.0.0/16', 'link-local'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['224.0.0.0/4', 'reserved'],
  ['240.0.0.0/4', 'reserved'],
]);
const V6_RANGES = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fd00:ec2::254/128', 'metadata'],
  ['fc00::/7', 'private'],
  ['fec0::/10', 'private'],
  ['64:ff9b:1::/48', 'private'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'reserved'],
  ['2001:db8::/32', 'reserved'],
  ['100::/64', 'reserved'],
  ['::/96', 'reserved'],
]);
// IPv6 forms that carry an IPv4 address: classified by that address.
const EMBEDS_V4: Array<{ prefix: number[]; offset: number }> = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], offset: 12 }, // ::ffff:a.b.c.d (mapped)
  { prefix: [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], offset: 12 }, // 64:ff9b::/96 (NAT64)
  { prefix: [0x20, 0x02], offset: 2 }, // 2002::/16 (6to4)
];

export function classifyAddress(ip: string): AddressClass {
  const bytes = parseIp(ip);
  if (!bytes) return 'invalid';
  if (bytes.length === 4) return match(bytes, V4_RANGES);
  for (const e of EMBEDS_V4) {
    if (e.prefix.every((b, i) => bytes[i] === b)) return match(bytes.slice(e.offset, e.offset + 4), V4_RANGES);
  }
  return match(bytes, V6_RANGES);
}

export type Pin = { address: string; family: 4 | 6 };
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;
export type Vetted = { ok: true; pin: Pin | null } | { ok: false; error: string; retryable: boolean };

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Sandbox: http(s) anywhere, no pin. Live: https only, and every address of the host must be public. */
export async function vetDestination(url: URL, opts: { live: boolean; resolve?: Resolve }): Promise<Vetted> {
  return vetWithoutLookup(url, opts.live) ?? vetByLookup(url, opts.resolve);
}

/** The rest of vetDestination, for a live https URL with a host name (vetWithoutLookup gave no verdict): its addresses. */
export async function vetByLookup(url: URL, resolve?: Resolve): Promise<Vetted> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (resolve ?? systemResolve)(host);
  } catch (e) {
    return { ok: false, error: `DNS lookup failed for ${host}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, retryable: true };
  }
  if (addresses.length === 0) return { ok: false, error: `DNS lookup failed for ${host}: no address`, retryable: true };
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (cls !== 'public') return refuse(`destination refused: ${host} resolves to ${cls} address ${a.address}`);
  }
  const first = addresses[0];
  return { ok: true, pin: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}

/**
 * vetDestination's verdict when it needs no DNS lookup (the scheme, the sandbox, a live URL with an IP address),
 * else null. The webhook sender takes it without a promise or a deadline timer per request.
 */
export function vetWithoutLookup(url: URL, live: boolean): Vetted | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`unsupported URL scheme ${url.protocol}`);
  if (!live) return { ok: true, pin: null };
  if (url.protocol !== 'https:') return refuse('destination refused: live webhooks must use https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const cls = classifyAddress(host);
    return cls === 'public' ? { ok: true, pin: { address: host, family: isIP(host) as 4 | 6 } } : refuse(`destination refused: ${host} is a ${cls} address`);
  }
  return null;
}

function refuse(error: string): Vetted {
  return { ok: false, error, retryable: false };
}

function match(bytes: number[], table: Range[]): AddressClass {
  for (const r of table) if (inRange(bytes, r)) return r.cls;
  return 'public';
}

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.bits; bit += 8) {
    const take = Math.min(8, r.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (r.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

function ranges(list: Array<[string, AddressClass]>): Range[] {
  return list.map(([cidr, cls]) => {
    const [ip, bits] = cidr.split('/');
    return { bytes: parseIp(ip)!, bits: Number(bits), cls };
  });
}

/** IPv4 or IPv6 text (zone id allowed) to its bytes; null when not an IP address. */
export function parseIp(text: string): number[] | null {
  const ip = text.replace(/%.*$/, '');
  const kind = isIP(ip);
  if (kind === 4) return ip.split('.').map(Number);
  if (kind !== 6) return null;
  let s = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    s = s.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
