/** How an SMSC's receipts write the message id its submit_sm_resp gave (D14): one convention per SMSC. */
export type ReceiptIdFormat = 'exact' | 'hex-to-dec' | 'dec-to-hex';

const DEC = /^[0-9]{1,80}$/;
const HEX = /^[0-9a-f]{1,64}$/i;

/** One number written in decimal without leading zeros, the form both sides of a base-changing format are keyed by. */
const fromDec = (id: string) => (DEC.test(id) ? BigInt(id).toString(10) : id);
const fromHex = (id: string) => (HEX.test(id) ? BigInt(`0x${id}`).toString(10) : id);

/**
 * The key a part is matched by, from its submit_sm_resp id (D14 receipt_id_format): `exact` keeps the id as it is;
 * `hex-to-dec` reads it as hexadecimal and `dec-to-hex` as decimal, both keyed by the number in decimal, so case
 * and zero padding do not matter within the SMSC's one convention. An id that is not a number in the expected base
 * keeps its own text (it then matches only a receipt that writes the same text).
 */
export function partKey(messageId: string, format: ReceiptIdFormat): string {
  if (format === 'hex-to-dec') return fromHex(messageId);
  if (format === 'dec-to-hex') return fromDec(messageId);
  return messageId;
}

/** The key a receipt is matched by, from the id it carries: the same number as partKey, read in the other base. */
export function receiptKey(messageId: string, format: ReceiptIdFormat): string {
  if (format === 'hex-to-dec') return fromDec(messageId);
  if (format === 'dec-to-hex') return fromHex(messageId);
  return messageId;
}
