import { z } from 'zod';
import { DbText } from './storable';
import { OrganizationId } from './operator';

/** Carrier connectors and routes in the operator console (D14): the same limits as the CLI's options. */
/** Declared once, for the console, the CLI (its messages list them in this order) and the connectors table. */
export const CONNECTOR_KIND_VALUES = ['simulator', 'smpp'] as const;
export const BIND_MODE_VALUES = ['transceiver', 'split'] as const;
export const LONG_METHOD_VALUES = ['udh', 'sar', 'payload'] as const;
/** How receipts write the submit_sm_resp id (D14): the same text, or the same number in the other base. */
export const RECEIPT_ID_FORMAT_VALUES = ['exact', 'hex-to-dec', 'dec-to-hex'] as const;

const whole = (label: string, min: number, max: number) => {
  const message = `${label}: a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const ConnectorName = DbText
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Name: lowercase letters, digits, - and _, at most 40.');

/** Every setting but the name and enabled; only those given are written. SMPP 3.4: system_id 15, password 8, system_type 12 octets. */
export const ConnectorSettings = z.object({
  kind: z.enum(CONNECTOR_KIND_VALUES, { error: 'Kind: smpp or simulator.' }).optional(),
  host: DbText.trim().min(1, 'Host: required.').max(253, 'Host: at most 253 characters.').optional(),
  port: whole('Port', 1, 65535).optional(),
  tls: z.boolean().optional(),
  systemId: DbText.trim().min(1, 'System ID: required.').max(15, 'System ID: at most 15 characters.').optional(),
  /** Write-only: never sent back; absent = keep the stored one. */
  password: DbText.min(1, 'Password: required.').max(8, 'Password: at most 8 characters.').optional(),
  systemType: DbText.trim().max(12, 'System type: at most 12 characters.').optional(),
  bindMode: z.enum(BIND_MODE_VALUES, { error: 'Bind mode: transceiver or split.' }).optional(),
  sessions: whole('Sessions', 1, 32).optional(),
  window: whole('Window', 1, 1000).optional(),
  tps: whole('TPS', 1, 100000).optional(),
  sourceTon: whole('Source TON', 0, 6).optional(),
  sourceNpi: whole('Source NPI', 0, 18).optional(),
  destTon: whole('Destination TON', 0, 6).optional(),
  destNpi: whole('Destination NPI', 0, 18).optional(),
  gsmCoding: z.union([z.literal(0), z.literal(3)], { error: 'GSM data coding: 0 or 3.' }).optional(),
  longMethod: z.enum(LONG_METHOD_VALUES, { error: 'Long messages: udh, sar or payload.' }).optional(),
  receiptIdFormat: z.enum(RECEIPT_ID_FORMAT_VALUES, { error: 'Receipt ids: exact, hex-to-dec or dec-to-hex.' }).optional(),
  validityS: whole('Validity (s)', 60, 604800).optional(),
  enquireLinkS: whole('Enquire link (s)', 1, 3600).optional(),
});
export type ConnectorSettings = z.infer<typeof ConnectorSettings>;

const SMPP_REQUIRED = [
  ['host', 'Host: required for an SMPP connector.'],
  ['port', 'Port: required for an SMPP connector.'],
  ['systemId', 'System ID: required for an SMPP connector.'],
  ['password', 'Password: required for an SMPP connector.'],
] as const;

export const CreateConnectorInput = ConnectorSettings.extend({ name: ConnectorName }).superRefine((v, ctx) => {
  if ((v.kind ?? 'smpp') !== 'smpp') return;
  for (const [key, message] of SMPP_REQUIRED) if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
});
export type CreateConnectorInput = z.infer<typeof CreateConnectorInput>;

export const UpdateConnectorInput = ConnectorSettings.extend({ name: ConnectorName, enabled: z.boolean().optional() }).refine(
  (v) => Object.keys(v).some((k) => k !== 'name'),
  'Change at least one setting.',
);
export type UpdateConnectorInput = z.infer<typeof UpdateConnectorInput>;

export const RoutePrefix = DbText
  .trim()
  .transform((s) => s.replace(/^\+/, ''))
  .refine((s) => /^\d{1,15}$/.test(s), 'Prefix: 1 to 15 digits of an E.164 number.');

export const SetRouteInput = z.object({
  prefix: RoutePrefix,
  /** Absent = the platform route. */
  organizationId: OrganizationId.optional(),
  connectors: z
    .array(ConnectorName)
    .min(1, 'Connectors: at least one.')
    .max(20, 'Connectors: at most 20.')
    .refine((names) => new Set(names).size === names.length, 'Connectors: a connector is listed twice.'),
});
export type SetRouteInput = z.infer<typeof SetRouteInput>;

export const DeleteRouteInput = z.object({ prefix: RoutePrefix, organizationId: OrganizationId.optional() });
export type DeleteRouteInput = z.infer<typeof DeleteRouteInput>;

export const SessionStateView = z.object({ state: z.enum(['connecting', 'bound', 'down', 'backoff']), since: z.string(), error: z.string().optional() });

export const ConnectorDetail = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CONNECTOR_KIND_VALUES),
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  system_id: z.string(),
  /** Whether a password is stored; the password itself never leaves the server. */
  password_set: z.boolean(),
  system_type: z.string(),
  bind_mode: z.enum(BIND_MODE_VALUES),
  sessions: z.number().int(),
  window: z.number().int(),
  tps: z.number().int(),
  source_ton: z.number().int(),
  source_npi: z.number().int(),
  dest_ton: z.number().int(),
  dest_npi: z.number().int(),
  gsm_coding: z.number().int(),
  long_method: z.enum(LONG_METHOD_VALUES),
  receipt_id_format: z.enum(RECEIPT_ID_FORMAT_VALUES),
  validity_s: z.number().int(),
  enquire_link_s: z.number().int(),
  /** The worker holding the sessions while its lease is current, else null. */
  owner: z.string().nullable(),
  session_states: z.array(SessionStateView),
  /** Final receipts of the last 24 hours that matched no part (kept, never applied elsewhere: D14). */
  unmatched_receipts: z.number().int(),
});
export type ConnectorDetail = z.infer<typeof ConnectorDetail>;

export const RouteDetail = z.object({
  id: z.string(),
  prefix: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  connectors: z.array(z.string()),
});
export type RouteDetail = z.infer<typeof RouteDetail>;

export const ConnectorsOverview = z.object({ connectors: z.array(ConnectorDetail), routes: z.array(RouteDetail) });
export type ConnectorsOverview = z.infer<typeof ConnectorsOverview>;

export const ConnectorChanged = z.object({ connector: ConnectorDetail });
export const RouteChanged = z.object({ route_id: z.string(), prefix: z.string(), organization_id: z.string().nullable(), connectors: z.array(z.string()) });
export const RouteDeleted = z.object({ route_id: z.string(), prefix: z.string(), organization_id: z.string().nullable(), deleted: z.literal(true) });
