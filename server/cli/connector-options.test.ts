import { describe, expect, test } from 'vitest';
import { connectorFields, connectorName } from './connector-options';

describe('connector options, parsed by the console contract', () => {
  test.each([
    [{ port: '2775', tls: 'on', 'gsm-coding': '3', enabled: 'off' }, { port: 2775, tls: true, gsmCoding: 3, enabled: false }],
    [{ 'system-type': '' }, { systemType: '' }],
    [{ host: 'smsc.example', 'system-id': 'acme', password: '12345678', bind: 'split' }, { host: 'smsc.example', systemId: 'acme', password: '12345678', bindMode: 'split' }],
    [{ validity: '60', 'enquire-link': '3600', long: 'payload', 'receipt-ids': 'hex-to-dec' }, { validityS: 60, enquireLinkS: 3600, longMethod: 'payload', receiptIdFormat: 'hex-to-dec' }],
    [{}, {}],
  ])('%j reads as %j', (given, fields) => {
    expect(connectorFields(given)).toEqual(fields);
  });

  test.each([
    [{ kind: 'x' }, 'bad --kind "x": expected one of simulator, smpp'],
    [{ enabled: 'yes' }, 'bad --enabled "yes": expected one of on, off'],
    [{ host: ' ' }, '--host must not be empty'],
    [{ host: 'h'.repeat(254) }, 'bad --host: at most 253 characters'],
    [{ port: '0' }, 'bad --port "0": expected an integer from 1 to 65535'],
    [{ port: '1.5' }, 'bad --port "1.5": expected an integer from 1 to 65535'],
    [{ password: '123456789' }, 'bad --password: at most 8 characters'],
    [{ 'system-type': 'x'.repeat(13) }, 'bad --system-type: at most 12 characters'],
    [{ sessions: '33' }, 'bad --sessions "33": expected an integer from 1 to 32'],
    [{ 'gsm-coding': '03' }, 'bad --gsm-coding "03": expected one of 0, 3'],
    [{ 'receipt-ids': 'hex' }, 'bad --receipt-ids "hex": expected one of exact, hex-to-dec, dec-to-hex'],
    [{ 'enquire-link': '3601' }, 'bad --enquire-link "3601": expected an integer from 1 to 3600'],
    [{ kind: 'x', tls: 'y', port: '0' }, 'bad --kind "x": expected one of simulator, smpp'],
  ])('%j is refused: %s', (given, message) => {
    expect(() => connectorFields(given)).toThrow(message);
  });

  test.each([
    [undefined, 'missing --name'],
    [' abc', 'bad --name " abc": lowercase letters, digits, - and _, at most 40'],
    ['a'.repeat(41), `bad --name "${'a'.repeat(41)}": lowercase letters, digits, - and _, at most 40`],
  ])('--name %j is refused', (name, message) => {
    expect(() => connectorName(name)).toThrow(message);
  });
});
