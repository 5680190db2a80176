import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en';
import fr from '@/messages/fr';
import { sendLabel } from './send-label';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'compose.form' });
const french = createTranslator({ locale: 'fr', messages: fr, namespace: 'compose.form' });

describe("Compose's send button label", () => {
  it('says what the send will do and cost when nothing stops it', () => {
    expect(sendLabel(english, null, 'immediate', 1, '$0.32')).toBe('Send now · $0.32');
    expect(sendLabel(english, null, 'scheduled', 3, '$0.96')).toBe('Schedule 3 sends · $0.96');
    expect(sendLabel(english, null, 'scheduled', 1, '$0.32')).toBe('Schedule 1 send · $0.32');
    expect(sendLabel(english, null, 'scheduled', 0, '$0.00')).toBe('Schedule');
    expect(sendLabel(english, null, 'recurring', 4, '$1.28')).toBe('Start recurring send · $1.28');
  });

  it('says what stops the send, whatever the kind', () => {
    expect(sendLabel(english, { code: 'noRecipients' }, 'immediate', 1, '$0.00')).toBe('Add recipients to send');
    expect(sendLabel(english, { code: 'invalidNumbers', count: 1 }, 'scheduled', 2, '$0.64')).toBe('Fix 1 invalid number to send');
    expect(sendLabel(english, { code: 'invalidNumbers', count: 2 }, 'immediate', 1, '$0.64')).toBe('Fix 2 invalid numbers to send');
    expect(sendLabel(english, { code: 'noMessage' }, 'recurring', 1, '$0.00')).toBe('Write a message to send');
    expect(sendLabel(english, { code: 'schedule' }, 'scheduled', 0, '$0.00')).toBe('Fix the schedule to send');
    expect(sendLabel(english, { code: 'balance' }, 'immediate', 1, '$1.10')).toBe('Balance too low for $1.10');
  });

  it('speaks French on a French page (D23)', () => {
    expect(sendLabel(french, null, 'immediate', 1, '0,32 $US')).toBe('Envoyer maintenant · 0,32 $US');
    expect(sendLabel(french, null, 'scheduled', 2, '0,64 $US')).toBe('Programmer 2 envois · 0,64 $US');
    expect(sendLabel(french, { code: 'balance' }, 'immediate', 1, '1,10 $US')).toBe('Solde insuffisant pour 1,10 $US');
  });
});
