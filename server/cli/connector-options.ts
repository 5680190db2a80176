import { z } from 'zod';
import { BIND_MODE_VALUES, CONNECTOR_KIND_VALUES, LONG_METHOD_VALUES, RECEIPT_ID_FORMAT_VALUES } from '@/shared/contracts/connectors';
import { ConnectorName, ConnectorSettings, CreateConnectorInput, UpdateConnectorInput } from '@/shared/contracts/connectors';
import type { ConnectorFields } from '@/server/domain/carrier/connectors';
import { isApiError } from '@/shared/errors/api-error';
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

/**
 * How each option's text reads, in the order the options are checked, and the field of the console's contract
 * (shared/contracts/connectors.ts) it fills: the contract decides what is valid, its limits name the bounds in the
 * errors. `choices` lists the values in an error, as the database's enum orders them.
 */
const FIELDS: ReadonlyArray<
  { flag: keyof Raw; key: keyof ConnectorSettings | 'enabled' } & (
    | { read: 'int' | 'onOff' | 'text' | 'textOrEmpty' }
    | { read: 'choice'; choices: readonly string[] }
    | { read: 'code'; choices: readonly string[] }
  )
> = [
  { flag: 'kind', key: 'kind', read: 'choice', choices: CONNECTOR_KIND_VALUES },
  { flag: 'enabled', key: 'enabled', read: 'onOff' },
  { flag: 'host', key: 'host', read: 'text' },
  { flag: 'port', key: 'port', read: 'int' },
  { flag: 'tls', key: 'tls', read: 'onOff' },
  { flag: 'system-id', key: 'systemId', read: 'text' },
  { flag: 'password', key: 'password', read: 'text' },
  { flag: 'system-type', key: 'systemType', read: 'textOrEmpty' },
  { flag: 'bind', key: 'bindMode', read: 'choice', choices: BIND_MODE_VALUES },
  { flag: 'sessions', key: 'sessions', read: 'int' },
  { flag: 'window', key: 'window', read: 'int' },
  { flag: 'tps', key: 'tps', read: 'int' },
  { flag: 'source-ton', key: 'sourceTon', read: 'int' },
  { flag: 'source-npi', key: 'sourceNpi', read: 'int' },
  { flag: 'dest-ton', key: 'destTon', read: 'int' },
  { flag: 'dest-npi', key: 'destNpi', read: 'int' },
  { flag: 'gsm-coding', key: 'gsmCoding', read: 'code', choices: ['0', '3'] },
  { flag: 'long', key: 'longMethod', read: 'choice', choices: LONG_METHOD_VALUES },
  { flag: 'receipt-ids', key: 'receiptIdFormat', read: 'choice', choices: RECEIPT_ID_FORMAT_VALUES },
  { flag: 'validity', key: 'validityS', read: 'int' },
  { flag: 'enquire-link', key: 'enquireLinkS', read: 'int' },
];

const CONTRACT = { ...ConnectorSettings.shape, enabled: z.boolean().optional() };

/** One option's text as its field's value (NaN, or the text, where it cannot be one: the contract refuses it). */
function read(text: string, how: (typeof FIELDS)[number]['read']): unknown {
  switch (how) {
    case 'int':
      return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    case 'code':
      return /^(0|[1-9]\d{0,8})$/.test(text) ? Number(text) : NaN;
    case 'onOff':
      return text === 'on' ? true : text === 'off' ? false : text;
    default:
      return text;
  }
}

/** The error of an option the contract refused, naming the flag and the contract's bounds. */
function refusal(f: (typeof FIELDS)[number], text: string, issue: z.core.$ZodIssue): CliError {
  const field = CONTRACT[f.key].unwrap();
  switch (f.read) {
    case 'int':
      if (field instanceof z.ZodNumber) return new CliError(`bad --${f.flag} "${text}": expected an integer from ${field.minValue} to ${field.maxValue}`);
      break;
    case 'onOff':
      return new CliError(`bad --${f.flag} "${text}": expected one of on, off`);
    case 'choice':
    case 'code':
      return new CliError(`bad --${f.flag} "${text}": expected one of ${f.choices.join(', ')}`);
    default:
      if (issue.code === 'too_big' && field instanceof z.ZodString) return new CliError(`bad --${f.flag}: at most ${field.maxLength} characters`);
  }
  return new CliError(`bad --${f.flag} "${text}": ${issue.message}`);
}

/**
 * Only the options given, each parsed by the console's contract (ConnectorSettings; `--enabled` on or off). An
 * option given empty is a mistake, but `--system-type ""`, which sets none.
 */
export function connectorFields(v: Raw): ConnectorFields {
  const fields: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const text = v[f.flag];
    if (text === undefined) continue;
    if (f.read === 'text' && text.trim() === '') throw new CliError(`--${f.flag} must not be empty`);
    const parsed = CONTRACT[f.key].safeParse(read(text, f.read));
    if (!parsed.success) throw refusal(f, text, parsed.error.issues[0]);
    fields[f.key] = parsed.data;
  }
  return fields as ConnectorFields;
}

/** `--name`, by the contract's ConnectorName, exactly as typed (the contract would trim it: a name is not). */
export function connectorName(value: string | undefined): string {
  if (value === undefined) throw new CliError('missing --name');
  const parsed = ConnectorName.safeParse(value);
  if (!parsed.success || parsed.data !== value) throw new CliError(`bad --name "${value}": lowercase letters, digits, - and _, at most 40`);
  return parsed.data;
}

/** add-connector's whole input, by the contract's CreateConnectorInput: an SMPP connector needs its address and login. */
export function connectorToCreate(name: string, fields: ConnectorFields): void {
  const parsed = CreateConnectorInput.safeParse({ ...fields, name });
  if (parsed.success) return;
  const key = parsed.error.issues[0].path[0];
  const flag = FIELDS.find((f) => f.key === key)?.flag ?? String(key);
  throw new CliError(`missing --${flag} (an SMPP connector needs it)`);
}

/** update-connector's whole input, by the contract's UpdateConnectorInput: at least one setting to change. */
export function connectorToUpdate(name: string, fields: ConnectorFields): void {
  if (!UpdateConnectorInput.safeParse({ ...fields, name }).success) throw new CliError('give at least one option to change');
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
