import { describe, expect, it } from 'vitest';
import { checkSendRequest, composeErrors, toSendRequest } from './send-request';
import { parsePastedRecipients } from './parse-recipients';

const entries = parsePastedRecipients('+243810005555\n+243810001111, 12\n\n0812');

describe('compose form -> POST /send body', () => {
  it('immediate: no schedule fields, optional fields only when filled', () => {
    expect(toSendRequest({ entries, message: 'Hi', senderId: ' ', callbackUrl: '', schedule: { kind: 'immediate' } })).toEqual({
      to: ['+243810005555', '+243810001111', '12', '0812'],
      message: 'Hi',
      sending_type: 'immediate',
    });
  });
  it('scheduled and recurring carry exactly their own field', () => {
    const dates = [{ date: '2027-01-05', time: '09:00' }];
    const s = toSendRequest({ entries, message: 'Hi', senderId: 'ACME', callbackUrl: 'https://x.test/h', schedule: { kind: 'scheduled', dates } });
    expect(s).toMatchObject({ sender_id: 'ACME', callback_url: 'https://x.test/h', sending_type: 'scheduled', scheduled_dates: dates });
    expect(s.recurring_schedule).toBeUndefined();
    const rule = { start_date: '2027-01-01', end_date: null, frequency: 'weekly' as const, interval: 1, times: ['08:00'] };
    const r = toSendRequest({ entries, message: 'Hi', senderId: '', callbackUrl: '', schedule: { kind: 'recurring', rule } });
    expect(r).toMatchObject({ sending_type: 'recurring', recurring_schedule: rule });
    expect(r.scheduled_dates).toBeUndefined();
  });
});

describe('validation errors -> the fields that show them', () => {
  it('names the line of each bad recipient, and routes every path to its field', () => {
    const errs = composeErrors(
      [
        { field: 'to[2]', message: 'fewer than 8 characters' },
        { field: 'to[3]', message: 'fewer than 8 characters' },
        { field: 'message', message: 'must not be empty' },
        { field: 'sender_id', message: 'must be 1 to 11 characters' },
        { field: 'scheduled_dates[1].time', message: 'time must be HH:mm' },
        { field: 'scheduled_dates[0]', message: 'in the past' },
        { field: 'recurring_schedule.times[1]', message: 'time must be HH:mm' },
        { field: 'recurring_schedule.end_date', message: 'end_date must not be before start_date' },
        { field: 'recurring_schedule', message: 'every occurrence is in the past' },
        { field: 'app_id', message: 'Choose one' },
        { field: '(body)', message: 'Something' },
      ],
      entries,
      ['08:00', '25:00'],
    );
    expect(errs).toEqual({
      recipients: ['Line 2 (“12”): fewer than 8 characters', 'Line 4 (“0812”): fewer than 8 characters'],
      message: ['must not be empty'],
      sender_id: ['must be 1 to 11 characters'],
      'scheduled_dates.1': ['time must be HH:mm'],
      'scheduled_dates.0': ['in the past'],
      'recurring.times': ['Time 2 (“25:00”): time must be HH:mm'],
      'recurring.end_date': ['end_date must not be before start_date'],
      recurring: ['every occurrence is in the past'],
      app: ['Choose one'],
      form: ['Something'],
    });
  });
});

describe('checking in the browser with the server’s own validation', () => {
  const org = { timezone: 'Africa/Kinshasa', defaultCountry: 'CD' };
  const now = new Date('2026-11-21T10:00:00Z');
  const check = (req: Parameters<typeof checkSendRequest>[0]) => checkSendRequest(req, org, now, { allowHttpCallbacks: false });
  it('contract problems first (every one), then phones, conflicts and the schedule', () => {
    expect(check({ to: ['+243810005555', '12'], message: '', sender_id: 'MUCH TOO LONG' }).map((e) => e.field)).toEqual(['to[1]', 'message', 'sender_id']);
    expect(check({ to: ['+243810005555', '+24312345'], message: 'x' })).toEqual([{ field: 'to[1]', message: expect.stringContaining('possible') }]);
    expect(check({ to: ['+243810005555'], message: 'x', callback_url: 'http://x.test' })).toEqual([{ field: 'callback_url', message: 'must be an absolute https URL' }]);
    expect(check({ to: ['+243810005555'], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-11-21', time: '10:30' }] })).toEqual([
      { field: 'scheduled_dates[0]', message: '2026-11-21 10:30 Africa/Kinshasa is in the past' },
    ]);
    expect(check({ to: ['+243810005555'], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-21', time: '10:30' }] })).toEqual([]);
  });
});
