import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKey, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

test('webhook URL and write-only Basic password, then a test event to a real receiver', async ({ page }) => {
  const received: Array<{ auth?: string; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sms`;
  try {
    await signUp(page, newAccount());
    await createKey(page, 'Hooked');
    await page.reload();
    await settle(page);
    const form = page.getByRole('form', { name: 'Webhook of Hooked' });
    await form.getByLabel('Webhook URL').fill('ftp://nope.example');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await expect(form.getByText('The URL must start with https:// (or http:// in the sandbox).')).toBeVisible();

    await form.getByLabel('Webhook URL').fill(url);
    await form.getByLabel('Basic auth username').fill('acme');
    await form.getByLabel('Basic auth password').fill('hook-s3cret-pw');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await expect(form.getByText('Webhook saved.')).toBeVisible();

    await page.reload();
    await settle(page);
    await expect(form.getByLabel('Webhook URL')).toHaveValue(url);
    await expect(form.getByLabel('Basic auth password')).toHaveValue('');
    await expect(form.getByText('A password is set. It is never shown; type a new one to replace it.')).toBeVisible();
    expect(await page.content()).not.toContain('hook-s3cret-pw');

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/Your webhook answered HTTP 200 in \d+ ms: acknowledged\./)).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe(`Basic ${Buffer.from('acme:hook-s3cret-pw').toString('base64')}`);
    expect(JSON.parse(received[0].body)).toMatchObject({ event_type: 'sms.delivered', test: true, message_id: 'msg_TEST_EVENT_not_a_real_send' });
    await page.getByText('The sample body that was sent').click();
    await snap(page, 'keys-webhook-test-event');
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
