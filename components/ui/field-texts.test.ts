import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import en from '@/messages/en';
import fr from '@/messages/fr';
import { SignUpInput, ChangePasswordInput, passwordProblem } from '@/shared/contracts/auth';
import { CalculateRequest } from '@/shared/contracts/calculate';
import { ComposeInput } from '@/shared/contracts/compose';
import { CreateConnectorInput, SetRouteInput } from '@/shared/contracts/connectors';
import { ListInboundInput } from '@/shared/contracts/inbound';
import { ReplyInput } from '@/shared/contracts/inbox';
import { CreateAppInput, UpdateWebhookInput } from '@/shared/contracts/keys';
import { ListMessagesInput } from '@/shared/contracts/messages-dashboard';
import { AssignNumberInput } from '@/shared/contracts/numbers';
import { SetCreditLineInput, SetPricesInput } from '@/shared/contracts/operator';
import { AddOptOutsRequest, ListOptOutsInput } from '@/shared/contracts/opt-outs';
import { AddMemberInput, UpdateKeywordRepliesInput, UpdateOrganizationInput, UpdateSmartEncodingInput } from '@/shared/contracts/organization';
import { CreateSenderIdRequest } from '@/shared/contracts/sender-ids';
import { LedgerFilter, TopUpInput } from '@/shared/contracts/wallet-dashboard';
import { checkSendRequest } from '@/shared/messages/compose/send-request';
import { FIELD_PROBLEMS, fieldProblemText, readFieldProblem, type FieldProblemCode } from '@/shared/validation/field-problems';
import { fieldText, type FieldProblemTranslator } from './field-texts';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'fieldProblems' }) as FieldProblemTranslator;
const french = createTranslator({ locale: 'fr', messages: fr, namespace: 'fieldProblems' }) as FieldProblemTranslator;

/** Every text a schema gives these inputs. */
function texts(schema: ZodType, ...inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const r = schema.safeParse(input);
    // zod's own type texts (a field the test leaves out) are no user's input: a form always sends its fields' types.
    return r.success ? [] : r.error.issues.map((i) => i.message).filter((m) => !/^Invalid (input|option):/.test(m));
  });
}

describe('field validation texts in the page language (D23)', () => {
  it('the English catalogue says each problem as the API does, and reads back to its code and values', () => {
    const codes = Object.keys(FIELD_PROBLEMS) as FieldProblemCode[];
    expect(Object.keys(en.fieldProblems).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const values = Object.fromEntries([...FIELD_PROBLEMS[code].matchAll(/\{(\w+)\}/g)].map(([, name], i) => [name, `v${i}`]));
      const api = fieldProblemText(code, values);
      expect(english(code, values), code).toBe(api);
      expect(readFieldProblem(api), code).toEqual({ code, ...values });
      expect(french(code, values), code).not.toBe(api);
    }
  });

  // What the forms of the dashboard and the console send, and what the server's own checks answer.
  const produced = [
    ...checkSendRequest({ to: [], message: '', sender_id: 'TOO-LONG-SENDER', callback_url: 'ftp://x' }, { timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }, new Date(), { allowHttpCallbacks: false }).map((e) => e.message),
    ...checkSendRequest({ to: ['+243812345678'], message: 'x'.repeat(1601), sender_id: 'A\u0001' }, { timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }, new Date(), { allowHttpCallbacks: true }).map((e) => e.message),
    ...checkSendRequest({ to: ['+243812345678'], message: 'hi', callback_url: 'nope' }, { timezone: 'Africa/Kinshasa', defaultCountry: 'CD' }, new Date(), { allowHttpCallbacks: true }).map((e) => e.message),
    ...texts(ComposeInput, { app_id: '', idempotency_key: 'k', send: { to: ['+243812345678'], message: 'x' } }),
    ...texts(CalculateRequest, { mode: 'x' }, { mode: 'amount_to_sms' }, { mode: 'sms_to_amount' }, { mode: 'amount_to_sms', amount: -1 }, { mode: 'sms_to_amount', sms_count: 1.5 }),
    ...texts(ListMessagesInput, { from: '21/11/2026', to: '0000-01-01' }),
    ...texts(LedgerFilter, { from: 'x', to: '2026-02-30', wallet: 'x', type: 'x' }, { from: '2026-11-22', to: '2026-11-21' }),
    ...texts(ListOptOutsInput, { limit: 'x', phone: 'x'.repeat(100) }),
    ...texts(AddOptOutsRequest, { phones: [] }, { phones: Array(1001).fill('+243812345678') }),
    ...texts(ListInboundInput, { received_since: 'yesterday' }),
    ...texts(SignUpInput, { name: '', email: 'x', password: 'short', organizationName: '' }, { name: 'A', email: 'ana@example.com', password: 'aaaaaaaaaaaa', organizationName: 'A' }),
    ...texts(SignUpInput, { name: 'A', email: 'ana.mbala@example.com', password: 'ana.mbala@example.com', organizationName: 'A' }),
    ...texts(ChangePasswordInput, { currentPassword: '', newPassword: 'x'.repeat(129) }, { currentPassword: 'abcdefghijk', newPassword: 'abcdefghijk' }),
    ...texts(UpdateOrganizationInput, { name: '', timezone: 'Mars/Base', defaultCountry: 'x' }, { name: 'x'.repeat(101), timezone: 'UTC', defaultCountry: 'CD' }),
    ...texts(UpdateSmartEncodingInput, { smartEncoding: 'x' }),
    ...texts(UpdateKeywordRepliesInput, { stop: '', start: 'x'.repeat(321), help: 'x', language: 'de' }),
    ...texts(AddMemberInput, { email: 'x', name: 'x'.repeat(101), role: 'boss' }),
    ...texts(CreateSenderIdRequest, { sender_id: 'A!', purpose: ' ', sample_message: 'x'.repeat(1601) }),
    ...texts(CreateAppInput, { name: '' }, { name: 'x'.repeat(81) }),
    ...texts(UpdateWebhookInput, { url: 'ftp://x', username: '', password: 'x', passwordAction: 'replace' }, { url: 'https://u:p@x.example', username: 'x'.repeat(201) }),
    ...texts(TopUpInput, { wallet: 'x', amount: '1,5' }, { wallet: 'SVC_SMS', amount: '0' }, { wallet: 'SVC_SMS', amount: '2000000' }),
    ...texts(ReplyInput, { app_id: '', phone: '+243812345678', message: '' }),
    ...texts(CreateConnectorInput, { name: 'Bad Name', kind: 'x', bindMode: 'x', gsmCoding: 1, longMethod: 'x', receiptIdFormat: 'x', systemType: 'x'.repeat(13) }, { name: 'a', host: '', systemId: '', password: 'x'.repeat(9), port: 0 }),
    ...texts(CreateConnectorInput, { name: 'a' }),
    ...texts(CreateConnectorInput, { name: 'a', kind: 'simulator', sessions: 0, window: 0, tps: 0, sourceTon: 9, sourceNpi: 99, destTon: 9, destNpi: 99, validityS: 1, enquireLinkS: 0 }),
    ...texts(SetRouteInput, { prefix: 'x', connectors: [] }, { prefix: '243', connectors: ['a', 'a'] }),
    ...texts(SetPricesInput, { organizationId: 'org_1', defaultPrice: '0', rows: [{ country: 'cd', network: '', prefixes: 'x', price: '0' }] }),
    ...texts(SetPricesInput, { organizationId: 'org_1', defaultPrice: '', rows: [{ country: 'CD', network: 'A', prefixes: '243', price: '1' }, { country: 'CD', network: 'B', prefixes: '243', price: '1' }] }),
    ...texts(SetCreditLineInput, { organizationId: 'org_1', amount: 'x' }),
    ...texts(AssignNumberInput, { appId: 'app_1', number: '', keyword: 'x'.repeat(41) }, { appId: 'shop', number: 'x'.repeat(21) }),
    passwordProblem('x'.repeat(129))!,
  ];

  it('holds every text those forms and checks produce, and French says each differently', () => {
    expect(produced.length).toBeGreaterThan(60);
    const unknown = produced.filter((text) => !readFieldProblem(text));
    expect(unknown).toEqual([]);
    for (const text of produced) {
      expect(fieldText(english, 'en', text)).toBe(text);
      expect(fieldText(french, 'fr', text), text).not.toBe(text);
    }
  });

  it('writes numbers and typography as French does', () => {
    expect(fieldText(french, 'fr', "'amount' must be a number between 0 and 10000000")).toBe('Le montant doit être un nombre compris entre 0 et 10\u202f000\u202f000.');
    expect(fieldText(french, 'fr', 'must be at most 1600 characters')).toBe('doit compter au plus 1\u202f600 caractères');
    expect(fieldText(french, 'fr', 'LIMIT: at most 1000 recipients per send')).toBe('au plus 1\u202f000 destinataires par envoi');
    expect(fieldText(french, 'fr', 'must be 3 to 11 letters, digits and spaces, with at least one letter')).toBe('doit compter de 3 à 11 lettres, chiffres et espaces, dont au moins une lettre');
    expect(fieldText(french, 'fr', 'Enter their name: no account exists for this email yet.')).toContain('nom\u00a0:');
    expect(fieldText(french, 'fr', 'A file may hold at most 100,000 phones; this one holds 120,000.')).toBe('Un fichier peut contenir au plus 100\u202f000 numéros\u00a0; celui-ci en contient 120\u202f000.');
    expect(fieldText(french, 'fr', 'a text no table holds')).toBe('a text no table holds');
  });
});
