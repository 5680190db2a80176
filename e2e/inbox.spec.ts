import { randomInt } from 'node:crypto';
import postgres from 'postgres';
import { addTestCredit, callApi, createKey, e2eDatabaseUrl, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

/**
 * D18 Inbox: a phone writes to the merchant's number (the sandbox's POST /inbound/simulate), the merchant sees the
 * conversation unread, opens it, sees the reply's cost before sending, replies from that number and watches the
 * reply delivered; the conversation is read afterwards.
 */

/** Gives the account's app a dedicated number, as an operator's assignment writes it (numbers rows, D18). */
async function assignNumber(baseURL: string, email: string, number: string): Promise<void> {
  const sql = postgres(e2eDatabaseUrl(baseURL), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`
      insert into numbers (id, number, app_id, organization_id)
      select ${`num_e2e${number}`}, ${number}, a.id, a.organization_id
        from gateway_apps a join memberships m on m.organization_id = a.organization_id join users u on u.id = m.user_id
       where u.email = ${email.toLowerCase()}
      returning id`;
    expect(rows).toHaveLength(1);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

test('an SMS to my number shows unread in the Inbox; I reply from that number, see the cost first, and the reply is delivered', async ({ page, baseURL }) => {
  const account = newAccount();
  await signUp(page, account);
  const key = await createKey(page, 'Inbox shop');
  await addTestCredit(page, '5');
  // 12 digits: a sender ID longer than the ordinary 11, allowed because it is the app's number.
  const number = `24399${randomInt(1_000_000, 9_999_999)}`;
  await assignNumber(baseURL!, account.email, number);
  const phone = '+243810005555'; // the sandbox delivers to it

  const mo = await callApi(baseURL!, '/inbound/simulate', key, { method: 'POST', body: { from: phone, to: number, text: 'Is my order ready?' } });
  expect(mo.status).toBe(202);

  await page.getByRole('link', { name: 'Inbox' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const conversation = page.getByTestId('conversation').filter({ hasText: phone });
  await expect(conversation).toHaveAttribute('data-unread', 'true');
  await expect(conversation).toContainText('Is my order ready?');
  await expect(conversation).toContainText('1 unread');
  await expect(conversation).toContainText(`to ${number}`);
  await snap(page, 'inbox-unread');

  await conversation.getByRole('link').click();
  await settle(page);
  await expect(page.getByRole('heading', { name: phone, level: 1 })).toBeVisible();
  const inbound = page.getByTestId('inbound-item');
  await expect(inbound).toContainText('Is my order ready?');
  await expect(inbound).toContainText(`to ${number}`);
  await expect(inbound).toContainText('via simulator');
  // Its sms.received event: kept, not delivered (no inbound URL yet), and a replay is refused until one is set.
  await inbound.getByText('Webhook (sms.received)').click();
  await expect(inbound).toContainText('No inbound URL was set when this SMS came in');
  await expect(inbound).toContainText('not delivered (no webhook URL)');
  await inbound.getByRole('button', { name: 'Replay sms.received' }).click();
  await expect(inbound.getByRole('alert')).toContainText('no webhook URL is set for it');

  // The cost, before anything is sent: one SMS to a Vodacom number.
  const form = page.getByRole('form', { name: 'Reply' });
  await expect(form.getByLabel('Reply from')).toHaveValue(new RegExp(`\\|${number}$`));
  await form.getByLabel('Message').fill('Yes, it is ready for pickup.');
  await expect(form.getByTestId('total-cost')).toHaveText('$0.02');
  await expect(form.getByRole('button', { name: 'Send reply · $0.02' })).toBeVisible();
  await snap(page, 'inbox-reply-cost');

  await form.getByRole('button', { name: 'Send reply · $0.02' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Reply sent' })).toContainText('$0.02 charged');
  const sent = page.getByTestId('send-item').filter({ hasText: 'Yes, it is ready for pickup.' });
  await expect(sent).toContainText(`from ${number}`);
  await expect(sent.getByText('delivered')).toBeVisible({ timeout: 30_000 });
  await snap(page, 'inbox-reply-delivered');

  await page.getByRole('link', { name: 'Inbox', exact: true }).first().click();
  await settle(page);
  const read = page.getByTestId('conversation').filter({ hasText: phone });
  await expect(read).not.toHaveAttribute('data-unread', 'true');
  await expect(read).not.toContainText('unread');
});
