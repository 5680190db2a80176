import smpp from 'smpp';

const NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** The SMPP 3.4 name of a command_status (`ESME_RTHROTTLED`), or its value in hexadecimal when it has none. */
export function statusName(status: number): string {
  return NAMES.get(status) ?? `0x${status.toString(16).padStart(8, '0').toUpperCase()}`;
}
