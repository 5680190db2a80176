import smpp from 'smpp';

/**
 * What the listener does with each command id an ESME may send, whatever its state and whatever the PDU holds
 * (SMPP 3.4 section 5.1.2.1, SMPP 5.0 section 4.7.5). Every request gets a response the specification allows: its
 * own `_resp` where one exists, otherwise `generic_nack` with ESME_RINVCMDID (0x03). Responses to what the listener
 * itself sends (deliver_sm, enquire_link, unbind) and `generic_nack` are taken without an answer; any other response
 * is unsolicited here and gets `generic_nack` 0x03, like an id SMPP reserves or does not define. A frame that is
 * not a PDU at all (command_length below 16 or above 16 KB) closes the session (codec/framed-session.ts).
 */
export const RESPONSE_BIT = 0x80000000;
export const GENERIC_NACK = 0x80000000;
export const ESME_RINVCMDID = 0x03;

/** Responses to PDUs the listener sends to ESMEs: matched by the library to their request, never answered. */
const EXPECTED_RESPONSES = new Set(['generic_nack', 'deliver_sm_resp', 'enquire_link_resp', 'unbind_resp']);

export type Disposition =
  /** A request the listener serves (binds, submits, queries...): handled by the listener by its name. */
  | { kind: 'request'; command: string }
  /** Answer `generic_nack` 0x03 with the PDU's sequence number. */
  | { kind: 'nack' }
  /** Take it without an answer. */
  | { kind: 'ignore' };

const commands = (smpp as unknown as { commands: Record<string, { id: number }> }).commands;

/** The response command name of `command` when SMPP defines one (outbind and alert_notification have none). */
export function responseOf(command: string): string | null {
  const name = `${command}_resp`;
  return name in commands ? name : null;
}

/** Decides from the command id alone, before any field of the PDU is trusted. */
export function dispositionOf(pdu: Pick<smpp.Pdu, 'command' | 'command_id'>): Disposition {
  const id = Number(pdu.command_id) >>> 0;
  if (pdu.command === 'unknown' || typeof pdu.command !== 'string') return { kind: 'nack' };
  if ((id & RESPONSE_BIT) !== 0) return EXPECTED_RESPONSES.has(pdu.command) ? { kind: 'ignore' } : { kind: 'nack' };
  return responseOf(pdu.command) ? { kind: 'request', command: pdu.command } : { kind: 'nack' };
}

/**
 * The answer to `pdu` with `options` (a command_status, fields): its `_resp` when it has one, else generic_nack.
 * Built here rather than with the library's `pdu.response()`, which throws for a command without a response PDU.
 * Null when even that cannot be encoded (the caller then closes the session).
 */
export function answerPdu(pdu: Pick<smpp.Pdu, 'command' | 'sequence_number'>, options: Record<string, unknown> = {}): smpp.Pdu | null {
  const sequence_number = Number(pdu.sequence_number) >>> 0;
  const resp = pdu.command === 'unknown' ? null : responseOf(String(pdu.command));
  try {
    if (resp) return new smpp.PDU(resp, { ...options, sequence_number }) as unknown as smpp.Pdu;
  } catch {
    // fields the library cannot encode: fall through to a bare generic_nack
  }
  try {
    return new smpp.PDU('generic_nack', { command_status: ESME_RINVCMDID, sequence_number }) as unknown as smpp.Pdu;
  } catch {
    return null;
  }
}

/** generic_nack 0x03 with the PDU's sequence number. */
export function nackPdu(pdu: Pick<smpp.Pdu, 'sequence_number'>): smpp.Pdu | null {
  return answerPdu({ command: 'unknown', sequence_number: pdu.sequence_number });
}
