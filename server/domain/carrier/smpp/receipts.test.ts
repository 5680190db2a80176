import { describe, expect, it } from 'vitest';
import { partKey, receiptKey } from '@/server/smpp/client/receipt-ids';
import { parseReceipt } from './receipts';

describe('receipt ids: one convention per connector (D14 receipt_id_format)', () => {
  it('exact: the receipt names the part by the same text, nothing else', () => {
    expect(partKey('10', 'exact')).toBe('10');
    expect(receiptKey('10', 'exact')).toBe('10');
    // the forms another convention would read differently stay different
    for (const other of ['a', 'A', '16', '010']) expect(receiptKey(other, 'exact')).not.toBe(partKey('10', 'exact'));
    expect(receiptKey('m000001', 'exact')).toBe('m000001');
  });
  it('hex-to-dec: submit_sm_resp in hexadecimal, receipts in decimal, any case or padding of the hexadecimal', () => {
    for (const hex of ['1f4a1', '1F4A1', '0001f4a1']) expect(partKey(hex, 'hex-to-dec')).toBe(receiptKey('128161', 'hex-to-dec'));
    expect(receiptKey('00128161', 'hex-to-dec')).toBe('128161');
    // a receipt 10 is the part a (10), never the part 10 (16) or 16
    expect(receiptKey('10', 'hex-to-dec')).toBe(partKey('a', 'hex-to-dec'));
    expect(receiptKey('10', 'hex-to-dec')).not.toBe(partKey('10', 'hex-to-dec'));
    expect(receiptKey('10', 'hex-to-dec')).not.toBe(partKey('16', 'hex-to-dec'));
  });
  it('dec-to-hex: the reverse', () => {
    expect(partKey('1002', 'dec-to-hex')).toBe(receiptKey('3ea', 'dec-to-hex'));
    expect(receiptKey('3EA', 'dec-to-hex')).toBe('1002');
    expect(receiptKey('10', 'dec-to-hex')).toBe(partKey('16', 'dec-to-hex'));
    expect(receiptKey('10', 'dec-to-hex')).not.toBe(partKey('10', 'dec-to-hex'));
  });
  it('ids beyond 64 bits convert exactly; text that is no number in the expected base keeps its own text', () => {
    expect(partKey('ffffffffffffffffff', 'hex-to-dec')).toBe('4722366482869645213695');
    expect(receiptKey('4722366482869645213695', 'hex-to-dec')).toBe('4722366482869645213695');
    expect(partKey('msg-7', 'hex-to-dec')).toBe('msg-7');
    expect(receiptKey('msg-7', 'hex-to-dec')).toBe('msg-7');
    expect(receiptKey('zz', 'dec-to-hex')).toBe('zz');
  });
});

describe('parseReceipt', () => {
  it('reads Appendix B text, and TLVs before the text', () => {
    const text = Buffer.from('id:7b sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:DELIVRD err:000 text:', 'latin1');
    expect(parseReceipt({ esm_class: 0x04, short_message: text })).toEqual({ messageId: '7b', stat: 'DELIVRD', err: '000' });
    expect(parseReceipt({ esm_class: 0x04, short_message: text, receipted_message_id: '123', message_state: 5 })).toEqual({ messageId: '123', stat: 'UNDELIV', err: '000' });
    expect(parseReceipt({ esm_class: 0x00, short_message: text })).toBeNull();
  });
});
