import { describe, expect, it } from 'vitest';
import { keywordReplies, keywordReplyText } from './keyword-replies';

const org = { name: 'Acme Shop', optOutReply: null, optInReply: null, helpReply: null };

describe('D19 reply texts', () => {
  it('the defaults, with the organization named', () => {
    expect((['stop', 'start', 'help'] as const).map((k) => keywordReplyText(k, org))).toEqual([
      'You will no longer receive messages from Acme Shop. Reply START to resubscribe.',
      'You will receive messages from Acme Shop again. Reply STOP to unsubscribe.',
      'Acme Shop: reply STOP to unsubscribe.',
    ]);
  });

  it("an owner's texts replace the defaults one by one; every {organization} is replaced, nothing else", () => {
    const own = { ...org, optOutReply: 'Bye from {organization} ({organization})! {org} $& stays', helpReply: 'Call 0800 000 000' };
    expect(keywordReplyText('stop', own)).toBe('Bye from Acme Shop (Acme Shop)! {org} $& stays');
    expect(keywordReplyText('help', own)).toBe('Call 0800 000 000');
    expect(keywordReplyText('start', own)).toBe('You will receive messages from Acme Shop again. Reply STOP to unsubscribe.');
    expect(keywordReplies(own).stop).toBe('Bye from {organization} ({organization})! {org} $& stays');
  });

  it('D23: the French defaults, and French texts of their own', () => {
    expect((['stop', 'start', 'help'] as const).map((k) => keywordReplyText(k, org, 'fr'))).toEqual([
      'Vous ne recevrez plus de messages de Acme Shop. Répondez OUI pour vous réabonner.',
      'Vous recevrez de nouveau les messages de Acme Shop. Répondez ARRET pour vous désabonner.',
      'Acme Shop : répondez ARRET pour vous désabonner.',
    ]);
    expect(keywordReplyText('help', { ...org, helpReplyFr: 'Aide : {organization}' }, 'fr')).toBe('Aide : Acme Shop');
    expect(keywordReplyText('help', { ...org, helpReplyFr: 'Aide : {organization}' })).toBe('Acme Shop: reply STOP to unsubscribe.');
  });

  it('a name with replacement patterns is taken literally', () => {
    expect(keywordReplyText('help', { ...org, name: "$& $' Co" })).toBe("$& $' Co: reply STOP to unsubscribe.");
  });
});
