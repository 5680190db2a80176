import { BIND_MODES, CONNECTOR_KINDS, LONG_METHODS, RECEIPT_ID_FORMATS } from '@/db/schema';
import type { ConnectorFields } from '@/server/domain/carrier/connectors';
import { isApiError } from '@/server/errors/api-error';
import { CliError } from './args';

/** The options of add-connector and update-connector (D14), all strings as parseArgs gives them. */
export const CONNECTOR_OPTIONS = {
  name: { type: 'string' },
  kind: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'system-id': { type: 'string' },
  password: { type: 'string' },
  'system-type': { type: 'string' },
  tls: { type: 'string' },
  bind: { type: 'string' },
  sessions: { type: 'string' },
  window: { type: 'string' },
  tps: { type: 'string' },
  'source-ton': { type: 'string' },
  'source-npi': { type: 'string' },
  'dest-ton': { type: 'string' },
  'dest-npi': { type: 'string' },
  'gsm-coding': { type: 'string' },
  long: { type: 'string' },
  'receipt-ids': { type: 'string' },
  validity: { type: 'string' },
  'enquire-link': { type: 'string' },
} as const;

export const CONNECTOR_USAGE =
  '--name N [--kind smpp|simulator] [--host H --port P --system-id S --password P] [--system-type T] [--tls on|off] ' +
  '[--bind transceiver|split] [--sessions 1] [--window 10] [--tps 100] [--source-ton 5 --source-npi 0] [--dest-ton 1 --dest-npi 1] ' +
  '[--gsm-coding 0|3] [--long udh|sar|payload] [--receipt-ids exact|hex-to-dec|dec-to-hex] [--validity 172800] [--enquire-link 30]';

type Raw = Partial<Record<keyof typeof CONNECTOR_OPTIONS | 'enabled', string | undefined>>;

function int(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) throw new CliError(`bad --${flag} "${text}": expected an integer from ${min} to ${max}`);
  return n;
}

function oneOf<T extends string>(text: string | undefined, flag: string, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new CliError(`bad --${flag} "${text}": expected one of ${allowed.join(', ')}`);
  return text as T;
}

function onOff(text: string | undefined, flag: string): boolean | undefined {
  const v = oneOf(text, flag, ['on', 'off'] as const);
  return v === undefined ? undefined : v === 'on';
}

function text(value: string | undefined, flag: string, opts: { allowEmpty?: boolean; max: number }): string | undefined {
  if (value === undefined) return undefined;
  if (!opts.allowEmpty && value.trim() === '') throw new CliError(`--${flag} must not be empty`);
  if (value.length > opts.max) throw new CliError(`bad --${flag}: at most ${opts.max} characters`);
  return value;
}

/** Only the options given; SMPP 3.4 limits: system_id 15, password 8, system_type 12 octets. */
export function connectorFields(v: Raw): ConnectorFields {
  const f: ConnectorFields = {
    kind: oneOf(v.kind, 'kind', CONNECTOR_KINDS),
    enabled: onOff(v.enabled, 'enabled'),
    host: text(v.host, 'host', { max: 253 }),
    port: int(v.port, 'port', 1, 65535),
    tls: onOff(v.tls, 'tls'),
    systemId: text(v['system-id'], 'system-id', { max: 15 }),
    password: text(v.password, 'password', { max: 8 }),
    systemType: text(v['system-type'], 'system-type', { allowEmpty: true, max: 12 }),
    bindMode: oneOf(v.bind, 'bind', BIND_MODES),
    sessions: int(v.sessions, 'sessions', 1, 32),
    window: int(v.window, 'window', 1, 1000),
    tps: int(v.tps, 'tps', 1, 100000),
    sourceTon: int(v['source-ton'], 'source-ton', 0, 6),
    sourceNpi: int(v['source-npi'], 'source-npi', 0, 18),
    destTon: int(v['dest-ton'], 'dest-ton', 0, 6),
    destNpi: int(v['dest-npi'], 'dest-npi', 0, 18),
    gsmCoding: v['gsm-coding'] === undefined ? undefined : Number(oneOf(v['gsm-coding'], 'gsm-coding', ['0', '3'] as const)),
    longMethod: oneOf(v.long, 'long', LONG_METHODS),
    receiptIdFormat: oneOf(v['receipt-ids'], 'receipt-ids', RECEIPT_ID_FORMATS),
    validityS: int(v.validity, 'validity', 60, 604800),
    enquireLinkS: int(v['enquire-link'], 'enquire-link', 1, 3600),
  };
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as ConnectorFields;
}

export function connectorName(value: string | undefined): string {
  if (value === undefined) throw new CliError('missing --name');
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(value)) throw new CliError(`bad --name "${value}": lowercase letters, digits, - and _, at most 40`);
  return value;
}

/** The domain's refusals (unknown connector, name taken, ...) are the operator's mistakes: exit 2, one line. */
export async function asUserError<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isApiError(e)) throw new CliError(e.message);
    throw e;
  }
}
