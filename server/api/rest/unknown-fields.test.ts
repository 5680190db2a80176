import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CalculateRequest } from '@/shared/contracts/calculate';
import { SendRequest } from '@/shared/contracts/send';
import { unknownFields } from './unknown-fields';

/** Issue 44 item 3: the fields of a JSON body its contract ignores, by JSON path (D12's UNKNOWN_FIELD). */
describe('unknownFields', () => {
  const send = { to: ['+243812345678'], message: 'x' };
  it.each<[string, z.ZodType, Record<string, unknown>, string[]]>([
    ['a known body', SendRequest, send, []],
    ['top-level fields, in body order', SendRequest, { colour: 'red', ...send, priority: 1 }, ['colour', 'priority']],
    ['v1 names that are not fields (a typo)', SendRequest, { ...send, sendingType: 'scheduled', senderId: 'ACME' }, ['sendingType', 'senderId']],
    [
      'nested objects and arrays of objects',
      SendRequest,
      { ...send, sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-24', time: '09:30' }, { date: '2026-12-25', time: '09:30', zone: 'UTC' }], recurring_schedule: { tz: 'UTC' } },
      ['scheduled_dates[1].zone', 'recurring_schedule.tz'],
    ],
    ['values of the wrong type are not walked', SendRequest, { ...send, recurring_schedule: 'daily', scheduled_dates: 'x' }, []],
    ['a refined object (the calculator)', CalculateRequest, { mode: 'amount_to_sms', amount: 1, currency: 'USD' }, ['currency']],
    ['a loose object keeps its extra keys: nothing ignored', z.looseObject({ a: z.string() }), { a: 'x', b: 1 }, []],
    ['a union knows the keys of every option', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]), { a: 'x', b: 'y', c: 1 }, ['c']],
  ])('%s', (_, schema, body, expected) => {
    expect(unknownFields(schema, body)).toEqual(expected);
  });

  it('names at most 50, and does not walk arrays of scalars', () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, i]));
    expect(unknownFields(SendRequest, { ...send, ...many })).toHaveLength(50);
    expect(unknownFields(SendRequest, { ...send, to: Array.from({ length: 1000 }, () => '+243812345678') })).toEqual([]);
  });
});
