import { isSupportedCountry } from 'libphonenumber-js';
import { KEY_STATUSES, type KeyStatus } from '@/db/schema';
import { isCurrencyCode } from '@/server/domain/pricing/currency';
import { parsePriceSpec, type PriceRowInput } from '@/server/domain/pricing/set-prices';
import type { Env } from '@/server/env';
import { parseAmount, type Money } from '@/server/lib/money';
import { CliError } from './args';

/** Argument checks shared by the commands; each throws a one-line CliError naming the flag. */
export function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new CliError(`missing --${flag}`);
  if (value.trim() === '') throw new CliError(`--${flag} must not be empty`);
  return value.trim();
}

/** numeric(18,4): at most 14 integer digits. */
const MAX_AMOUNT = '99999999999999.9999';

export function amount(text: string, flag: string, opts: { positive?: boolean } = {}): Money {
  const value = parseAmount(text);
  if (!value) throw new CliError(`bad --${flag} "${text}": expected a decimal such as 12.5, with at most 4 places`);
  if (value.gt(MAX_AMOUNT)) throw new CliError(`bad --${flag} "${text}": at most ${MAX_AMOUNT}`);
  if (opts.positive && value.lte(0)) throw new CliError(`bad --${flag} "${text}": must be greater than 0`);
  return value;
}

export function currency(text: string): string {
  const code = text.trim().toUpperCase();
  if (!isCurrencyCode(code)) throw new CliError(`bad --currency "${text}": expected an ISO 4217 code such as USD`);
  return code;
}

/** An IANA zone (D4), returned in its canonical spelling. */
export function timezone(text: string): string {
  const bad = new CliError(`bad --timezone "${text}": expected an IANA zone such as Africa/Kinshasa`);
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(text)) throw bad;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw bad;
  }
}

export function country(text: string): string {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || !isSupportedCountry(code)) {
    throw new CliError(`bad --default-country "${text}": expected an ISO 3166 alpha-2 code such as CD`);
  }
  return code;
}

export function keyStatus(text: string, flag: string): KeyStatus {
  if (!(KEY_STATUSES as readonly string[]).includes(text)) {
    throw new CliError(`bad --${flag} "${text}": expected one of ${KEY_STATUSES.join(', ')}`);
  }
  return text as KeyStatus;
}

/** `--price` values (at least `min`); one prefix may belong to one row only. */
export function prices(specs: string[] | undefined, min: number): PriceRowInput[] {
  const list = specs ?? [];
  if (list.length < min) throw new CliError('missing --price (give at least one CC:Network:prefix[,prefix]:price)');
  const rows: PriceRowInput[] = [];
  const seen = new Set<string>();
  for (const spec of list) {
    const row = parsePriceSpec(spec);
    if (typeof row === 'string') throw new CliError(row);
    for (const p of row.prefixes) {
      if (seen.has(p)) throw new CliError(`bad --price "${spec}": prefix ${p} is already priced`);
      seen.add(p);
    }
    rows.push(row);
  }
  return rows;
}

export type WebhookInput = { url: string; username?: string; password?: string };

/** http(s) only, https only in live (D10); Basic credentials come as a pair and never inside the URL. */
export function webhook(f: { url?: string; username?: string; password?: string }, flag: string, env: Env): WebhookInput | undefined {
  const prefix = flag === 'url' ? '' : 'webhook-';
  if ((f.username === undefined) !== (f.password === undefined)) {
    throw new CliError(`--${prefix}username and --${prefix}password go together`);
  }
  if (f.url === undefined) {
    if (f.username !== undefined) throw new CliError(`--${prefix}username needs --${flag}`);
    return undefined;
  }
  if (f.username === '' || f.password === '') throw new CliError(`--${prefix}username and --${prefix}password must not be empty`);
  const url = checkUrl(f.url, flag, env);
  return f.username === undefined ? { url } : { url, username: f.username, password: f.password };
}

function checkUrl(text: string, flag: string, env: Env): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`bad --${flag} "${text}": not an absolute URL`);
  }
  const allowed = env.SMS_ENV === 'live' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new CliError(`bad --${flag} "${text}": must be ${env.SMS_ENV === 'live' ? 'https in the live environment' : 'http or https'}`);
  }
  if (url.username || url.password) throw new CliError(`bad --${flag}: put credentials in the username and password options, not in the URL`);
  if (text.length > 2048) throw new CliError(`bad --${flag}: longer than 2048 characters`);
  return text;
}

/** A bucket size: a positive integer up to 1000000. */
export function limit(text: string, flag: string): number {
  const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 1_000_000)) throw new CliError(`bad --${flag} "${text}": expected an integer from 1 to 1000000`);
  return n;
}
