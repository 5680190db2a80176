import { describe, expect, it } from 'vitest';
import { decodeMoText } from '@/server/domain/carrier/smpp/mo-text';
import { concatRef, moDeliverSms, type MoForEsme } from './inbound-pdus';

const mo = (over: Partial<MoForEsme> = {}): MoForEsme => ({ inboundId: 'in_0000000000000000000001', from: '+243812345678', to: '243990001111', text: 'Hi', encoding: 'gsm7', ...over });
const hex = (b: Buffer) => b.toString('hex');
/** The UDH of each part, and the parts' bodies read back as one text. */
function reassemble(parts: ReturnType<typeof moDeliverSms>, charset: 'gsm' | 'ucs2' | 'binary') {
  const udhs = parts.map((p) => hex(p.short_message.subarray(0, 6)));
  return { udhs, text: decodeMoText(parts.map((p) => p.short_message.subarray(6)), charset) };
}

describe('the deliver_sm of an MO for a merchant session (D18)', () => {
  it('a GSM text: one part, data_coding 0, unpacked septets with escapes; sender TON 1/NPI 1 without +, a dedicated number 1/1', () => {
    const [p, ...rest] = moDeliverSms(mo({ text: 'Hi € @_' }));
    expect(rest).toEqual([]);
    expect({ ...p, short_message: hex(p.short_message) }).toEqual({
      source_addr_ton: 1, source_addr_npi: 1, source_addr: '243812345678', dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243990001111',
      esm_class: 0, data_coding: 0, short_message: '4869201b65200011',
    });
  });

  it('text the GSM alphabet lacks (or a latin1 MO with one) goes as UCS-2, data_coding 8; a short code is TON 0/NPI 1; an alphanumeric sender 5/0', () => {
    const [p] = moDeliverSms(mo({ text: 'ça va? ☺', encoding: 'latin1', to: '4321', from: 'MTN-INFO' }));
    expect([p.data_coding, p.esm_class, hex(p.short_message)]).toEqual([8, 0, Buffer.from('ça va? ☺', 'utf16le').swap16().toString('hex')]);
    expect([p.source_addr_ton, p.source_addr_npi, p.source_addr, p.dest_addr_ton, p.dest_addr_npi, p.destination_addr]).toEqual([5, 0, 'MTN-INFO', 0, 1, '4321']);
    // a ucs2 MO whose characters are all GSM goes as GSM (the merchant gets the smaller coding)
    expect(moDeliverSms(mo({ text: 'plain', encoding: 'ucs2' }))[0].data_coding).toBe(0);
  });

  it('long texts split as sends are (153 septets / 67 UCS-2 characters a part after a 6-octet UDH with an 8-bit reference from the id)', () => {
    const ref = concatRef('in_0000000000000000000001').toString(16).padStart(2, '0');
    const gsm = 'x'.repeat(160);
    expect(moDeliverSms(mo({ text: gsm })).map((p) => p.esm_class)).toEqual([0]);
    const long = moDeliverSms(mo({ text: 'y'.repeat(161) }));
    expect(long.map((p) => [p.esm_class, p.data_coding, p.short_message.length])).toEqual([[0x40, 0, 159], [0x40, 0, 14]]);
    expect(reassemble(long, 'gsm')).toEqual({ udhs: [`050003${ref}0201`, `050003${ref}0202`], text: 'y'.repeat(161) });

    const text = 'Привет! ' + '😀'.repeat(40) + ' конец';
    const parts = moDeliverSms(mo({ text, encoding: 'ucs2' }));
    expect(parts.every((p) => p.data_coding === 8 && p.esm_class === 0x40 && p.short_message.length <= 140)).toBe(true);
    expect(reassemble(parts, 'ucs2')).toEqual({ udhs: parts.map((_, i) => `050003${ref}0${parts.length}0${i + 1}`), text });
    // a surrogate pair is never cut between parts
    expect(parts.every((p) => p.short_message.length % 2 === 0)).toBe(true);
  });

  it('a binary MO goes as its octets with data_coding 4, 140 in one part, else 134-octet UDH parts', () => {
    const one = moDeliverSms(mo({ text: 'ab'.repeat(140), encoding: 'binary' }));
    expect(one.map((p) => [p.data_coding, p.esm_class, hex(p.short_message)])).toEqual([[4, 0, 'ab'.repeat(140)]]);
    const two = moDeliverSms(mo({ text: '01'.repeat(141), encoding: 'binary' }));
    expect(two.map((p) => [p.data_coding, p.esm_class, p.short_message.length])).toEqual([[4, 0x40, 140], [4, 0x40, 13]]);
    expect(reassemble(two, 'binary').text).toBe('01'.repeat(141));
  });

  it('an empty MO is one empty deliver_sm; a text of more than 255 parts goes whole in message_payload', () => {
    expect(moDeliverSms(mo({ text: '' })).map((p) => [p.data_coding, p.esm_class, p.short_message.length])).toEqual([[0, 0, 0]]);
    const text = 'z'.repeat(153 * 255 + 1);
    const [p, ...rest] = moDeliverSms(mo({ text }));
    expect(rest).toEqual([]);
    expect([p.data_coding, p.esm_class, p.short_message.length, p.message_payload?.length]).toEqual([0, 0, 0, text.length]);
    expect(moDeliverSms(mo({ text: 'z'.repeat(153 * 255) })).length).toBe(255);
  });

  it('the reference is the same for an id every time, and spreads over ids', () => {
    expect(concatRef('in_abc')).toBe(concatRef('in_abc'));
    const refs = new Set(Array.from({ length: 1000 }, (_, i) => concatRef(`in_${i}`)));
    expect(refs.size).toBeGreaterThan(200);
  });
});
