import { describe, expect, it } from 'vitest';
import { parseReceipt, receiptIdForms } from './receipts';

describe('receiptIdForms', () => {
  it('a decimal id also matches its hexadecimal forms, and the reverse', () => {
    // (all digits: hexadecimal too, in either direction)
    expect(receiptIdForms('305419896')).toEqual(['305419896', '12345678', '12973086870']);
    expect(receiptIdForms('12345678')).toEqual(['12345678', 'bc614e', 'BC614E', '305419896']);
    expect(receiptIdForms('1A2b')).toEqual(['1A2b', '6699', '1a2b', '1A2B']);
  });
  it('zero padding and case are tried; other ids stay as they are', () => {
    expect(receiptIdForms('m000001')).toEqual(['m000001', 'M000001']);
    expect(receiptIdForms('00ff')).toEqual(['00ff', '255', 'ff', '00FF']);
    expect(receiptIdForms('abc-DEF')).toEqual(['abc-DEF', 'abc-def', 'ABC-DEF']);
  });
  it('ids beyond 64 bits are not converted', () => {
    expect(receiptIdForms('123456789012345678901')).toEqual(['123456789012345678901']);
    expect(receiptIdForms('18446744073709551616')).toEqual(['18446744073709551616']);
    expect(receiptIdForms('18446744073709551615')).toEqual(['18446744073709551615', 'ffffffffffffffff', 'FFFFFFFFFFFFFFFF']);
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
