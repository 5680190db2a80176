import type { Db } from '@/db/client';
import { SendRequest } from '@/shared/contracts/send';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { sendMessage } from '@/server/domain/messages/send-message';
import { senderIsAppNumber } from '@/server/domain/numbers/sender-number';
import { normalizePhone } from '@/shared/messages/phone';
import { planSend } from '@/shared/messages/validate-send';
import { ApiError } from '@/shared/errors/api-error';
import { decodeGsm } from '@/server/smpp/codec/gsm';
import type { MultiDestination } from '@/server/smpp/codec/read-pdu';
import type { Unsuccessful } from '@/server/smpp/server/port';
import { replaceLoneSurrogates } from '@/shared/contracts/storable';

/** SMPP 3.4 command_status values a submit_sm can get (D15). */
export const SUBMIT_STATUS = {
  OK: 0x00,
  INVSRCADR: 0x0a,
  INVDSTADR: 0x0b,
  SUBMITFAIL: 0x45,
  THROTTLED: 0x58,
} as const;

/** The fields of a submit_sm (or one destination of a submit_multi) the gateway reads. */
export type SubmitFields = {
  source_addr?: string;
  destination_addr?: string;
  esm_class?: number;
  data_coding?: number;
  registered_delivery?: number;
  short_message?: Buffer | { message?: Buffer | string; udh?: Buffer[] } | string;
  message_payload?: Buffer | { message?: Buffer | string } | string;
};

/** Accepted (status 0, our message id) or refused (an SMPP status and the reason, for the operator's log). */
export type SubmitOutcome = { status: 0; messageId: string } | { status: number; reason: string };

/** The octets of short_message / message_payload whatever shape the library gave them. */
function octets(v: SubmitFields['short_message']): Buffer {
  if (Buffer.isBuffer(v)) return v;
  if (typeof v === 'string') return Buffer.from(v, 'latin1');
  if (v && typeof v === 'object') {
    const m = v.message;
    const body = Buffer.isBuffer(m) ? m : Buffer.from(typeof m === 'string' ? m : '', 'latin1');
    const udh = 'udh' in v && Array.isArray(v.udh) ? v.udh : [];
    if (!udh.length) return body;
    const headers = Buffer.concat(udh);
    return Buffer.concat([Buffer.from([headers.length]), headers, body]);
  }
  return Buffer.alloc(0);
}

/**
 * The text of a submit_sm: message_payload when present, else short_message; with UDHI (esm_class 0x40) the UDH is
 * taken off (a concatenated part is one segment, D15). data_coding 0 (GSM 03.38 unpacked), 1 (IA5/ASCII),
 * 3 (Latin-1), 8 (UCS-2 big-endian). Null with a reason for anything else.
 */
export function decodeSubmitText(f: Omit<SubmitFields, 'destination_addr'>): { text: string; udh: Buffer | null } | { error: string } {
  let data = f.message_payload !== undefined ? octets(f.message_payload) : octets(f.short_message);
  let udh: Buffer | null = null;
  if (((f.esm_class ?? 0) & 0x40) !== 0) {
    const len = data[0];
    if (len === undefined || 1 + len > data.length) return { error: 'UDHI set but the UDH length exceeds the message' };
    udh = Buffer.from(data.subarray(0, 1 + len));
    data = data.subarray(1 + len);
  }
  const dc = f.data_coding ?? 0;
  let text: string | null;
  if (dc === 0) text = decodeGsm(data);
  else if (dc === 1) text = data.every((b) => b <= 0x7f) ? data.toString('latin1') : null;
  else if (dc === 3) text = data.toString('latin1');
  else if (dc === 8) text = data.length % 2 === 0 ? Buffer.from(data).swap16().toString('utf16le') : null;
  else return { error: `data_coding ${dc} is not supported (0, 1, 3 or 8)` };
  if (text === null) return { error: `short_message is not valid for data_coding ${dc}` };
  return { text, udh };
}

/**
 * One submit_sm through the same validation, pricing, charge and pipeline as POST /send (D15): one message to one
 * destination, `immediate`, billed by its own segments (a UDH part: one segment). Invalid destination 0x0B,
 * invalid sender 0x0A (D22's refusals included), insufficient balance, a destination on the opt-out list (D19, reason `opted out`) and any
 * other refusal 0x45 with the reason (logged by the caller).
 */
export async function submitOverSmpp(db: Db, app: AuthedApp, f: SubmitFields, now: Date): Promise<SubmitOutcome> {
  const { suppressed: _suppressed, ...outcome } = await sendOverSmpp(db, app, f, [f.destination_addr ?? ''], now);
  return outcome;
}

export type MultiOutcome = ({ status: 0; messageId: string } | { status: number; reason: string }) & { unsuccess: Unsuccessful[] };

const INVNUMDESTS = 0x33;
const INVDLNAME = 0x34;

/**
 * submit_multi (D15): one message to every valid SME address (up to 255), billed and tracked like POST /send with
 * that `to`. Addresses that are not valid numbers (and distribution list names, which the gateway has none of) are
 * listed as unsuccessful, and so are those on the organization's opt-out list (0x45, D19): they are not part of the
 * message. When none is left nothing is sent.
 */
export async function submitMultiOverSmpp(
  db: Db,
  app: AuthedApp,
  f: Omit<SubmitFields, 'destination_addr'> & { destinations: MultiDestination[] },
  now: Date,
): Promise<MultiOutcome> {
  if (f.destinations.length === 0) return { status: INVNUMDESTS, reason: 'no destination', unsuccess: [] };
  const unsuccess: Unsuccessful[] = [];
  const valid: Array<Exclude<MultiDestination, { dl_name: string }>> = [];
  for (const d of f.destinations) {
    if ('dl_name' in d) {
      unsuccess.push({ dest_addr_ton: 0, dest_addr_npi: 0, destination_addr: d.dl_name, error_status_code: INVDLNAME });
      continue;
    }
    const n = normalizePhone(d.destination_addr, app.org.defaultCountry);
    if (n.ok) valid.push(d);
    else unsuccess.push({ ...d, error_status_code: SUBMIT_STATUS.INVDSTADR });
  }
  if (!valid.length) return { status: SUBMIT_STATUS.INVDSTADR, reason: 'no valid destination', unsuccess };
  const { suppressed, ...outcome } = await sendOverSmpp(db, app, f, valid.map((d) => d.destination_addr), now);
  for (const i of suppressed) unsuccess.push({ ...valid[i], error_status_code: SUBMIT_STATUS.SUBMITFAIL });
  return { ...outcome, unsuccess };
}

/** A submit's outcome, and the positions of `to` left out because they are on the opt-out list (D19). */
type SentOverSmpp = SubmitOutcome & { suppressed: number[] };

async function sendOverSmpp(db: Db, app: AuthedApp, f: Omit<SubmitFields, 'destination_addr'>, to: string[], now: Date): Promise<SentOverSmpp> {
  const refused = (status: number, reason: string, suppressed: number[] = []): SentOverSmpp => ({ status, reason, suppressed });
  const decoded = decodeSubmitText(f);
  if ('error' in decoded) return refused(SUBMIT_STATUS.SUBMITFAIL, decoded.error);
  const source = (f.source_addr ?? '').trim();
  // The ESME chose the text's coding (and sized any UDH part for it): no smart encoding (D21).
  const input = { to, message: replaceLoneSurrogates(decoded.text), smart_encoding: 'off' as const, ...(source ? { sender_id: source } : {}) };
  const parsed = SendRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    if (field === 'to') return refused(SUBMIT_STATUS.INVDSTADR, `destination_addr ${issue.message}`);
    if (field === 'sender_id') return refused(SUBMIT_STATUS.INVSRCADR, `source_addr ${issue.message}`);
    return refused(SUBMIT_STATUS.SUBMITFAIL, `${field || 'message'} ${issue.message}`);
  }
  try {
    const plan = planSend(parsed.data, app.org, now, { allowHttpCallbacks: false, senderIsAppNumber: await senderIsAppNumber(db, app.appId, parsed.data.sender_id) });
    if (decoded.udh) plan.segments = 1;
    const { result, suppressed } = await sendMessage(db, app, plan, now, undefined, {
      channel: 'smpp',
      registeredDelivery: f.registered_delivery ?? 0,
      udh: decoded.udh ? decoded.udh.toString('hex') : null,
    });
    return { status: 0, messageId: result.message_id, suppressed };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.errorName === 'INSUFFICIENT_BALANCE') return refused(SUBMIT_STATUS.SUBMITFAIL, 'insufficient balance');
    // D22: another organization's number, or (live) an alphanumeric source_addr not approved for this one
    if (e.errorName === 'SENDER_ID_NOT_ALLOWED') return refused(SUBMIT_STATUS.INVSRCADR, 'source_addr not allowed (D22)');
    // D19: every destination is on the opt-out list (submit_sm's one, or all of submit_multi's)
    if (e.errorName === 'ALL_RECIPIENTS_OPTED_OUT') return refused(SUBMIT_STATUS.SUBMITFAIL, 'opted out', to.map((_, i) => i));
    // D14 (live): no carrier route takes any destination (opted out or unroutable, each of them)
    if (e.errorName === 'NO_ROUTE') return refused(SUBMIT_STATUS.SUBMITFAIL, 'no route', to.map((_, i) => i));
    const errors = e.options.errors ?? [];
    if (errors.some((x) => x.field.startsWith('to'))) return refused(SUBMIT_STATUS.INVDSTADR, `destination_addr ${errors[0].message}`);
    const sender = errors.find((x) => x.field === 'sender_id');
    if (sender) return refused(SUBMIT_STATUS.INVSRCADR, `source_addr ${sender.message}`);
    return refused(SUBMIT_STATUS.SUBMITFAIL, errors.length ? `${errors[0].field} ${errors[0].message}` : e.message);
  }
}
