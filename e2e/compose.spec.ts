import { expect, newAccount, signUp, snap, test } from './fixtures';
import { equipOrganization, M1111, M2222, M3333, startWebhookReceiver, VODACOM } from './messaging-helpers';

const MIX = [VODACOM, M1111, M2222, M3333];

test('compose an immediate send to the magic numbers and watch it reach partially_delivered', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    const account = newAccount();
    await signUp(page, account);
    // A new organization has no app yet: compose explains and links to the keys page.
    await page.goto('/dashboard/compose');
    await expect(page.getByText('No app can send yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an API key' })).toHaveAttribute('href', '/dashboard/keys');
    await snap(page, 'compose-no-app');

    await equipOrganization(baseURL!, account.email, { prepaid: '0.10', webhookUrl: receiver.url });
    await page.goto('/dashboard/compose');
    await expect(page.getByLabel('Send as')).toBeVisible();

    // Live preview: encoding (naming the UCS-2 character), segments and cost with the DRC prices.
    await page.getByLabel('Phone numbers').fill([...MIX, '0812'].join('\n'));
    await page.getByLabel('Message').fill('Your code is 4821 ✓');
    await expect(page.getByText('UCS-2 because of “✓” (U+2713)')).toBeVisible();
    await expect(page.getByTestId('message-length')).toHaveText('19 / 1,600 characters'); // the one counter
    await expect(page.getByText('4 valid numbers, 1 not valid.')).toBeVisible();
    await expect(page.getByText('Line 5 (“0812”): fewer than 8 characters after removing spaces and dashes')).toBeVisible();
    await expect(page.getByTestId('total-cost')).toHaveText('$0.08');
    await snap(page, 'compose');

    // A US number without its +1 is read in CD: accepted (D3), but warned about on its line, without blocking.
    await page.getByLabel('Phone numbers').fill([VODACOM, '2025550123'].join('\n'));
    await expect(page.getByText('2 valid numbers, 1 to check.')).toBeVisible();
    await expect(page.getByTestId('recipients-warnings')).toContainText('Line 2 (“2025550123”): read as +2432025550123, not a valid number for CD (+243)');
    await expect(page.getByRole('button', { name: /^Send now/ })).toBeEnabled();
    await page.getByLabel('Phone numbers').fill([...MIX, '0812'].join('\n'));

    // The button says what stops the send; submitting names the bad line in place, before anything reaches the server.
    await page.getByRole('button', { name: 'Fix 1 invalid number to send' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'One problem stops this send' })).toBeVisible();
    await expect(page.locator('#recipients-errors')).toHaveText('Line 5 (“0812”): must be a phone number: at least 8 digits after removing spaces and dashes, optional leading +');
    await snap(page, 'compose-errors');

    // Six valid numbers cost $0.12, more than the $0.10 balance: 1202, shown in place, nothing charged.
    await page.getByLabel('Phone numbers').fill([...MIX, '+243810004444', '+243820006666'].join('\n'));
    await expect(page.getByTestId('total-cost')).toHaveText('$0.12');
    await expect(page.getByText('More than your balance of $0.10.')).toBeVisible();
    await page.getByRole('button', { name: 'Balance too low for $0.12' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not sent (error 1202).' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was charged.' })).toBeVisible();
    await snap(page, 'compose-1202');

    await page.getByLabel('Phone numbers').fill(MIX.join(', '));
    await page.getByLabel('Sender ID (optional)').fill('ACME');
    await expect(page.getByTestId('total-cost')).toHaveText('$0.08');
    await page.getByRole('button', { name: 'Send now · $0.08' }).click();
    // $0.08 is more than half the $0.10 balance: the page asks first.
    await page.getByRole('dialog', { name: 'Confirm this send' }).getByRole('button', { name: 'Send for $0.08' }).click();

    await expect(page).toHaveURL(/\/dashboard\/messages\/msg_[0-9A-Za-z]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Message', exact: true })).toBeVisible();
    await snap(page, 'message-sending');
    // The page refreshes itself until every recipient is final (…3333 expires after 5 s, CARRIER_SIM_VALIDITY_S in e2e/serve.ts).
    await expect(page.getByText('Status partially delivered')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('count-delivered')).toHaveText('1');
    await expect(page.getByTestId('count-failed')).toHaveText('3');
    await expect(page.getByTestId('count-pending')).toHaveText('0');
    await expect(page.getByText('Final', { exact: true })).toBeVisible();
    await expect(page.getByText('Sent from').locator('xpath=..')).toContainText('This dashboard (Compose)');
    const recipients = page.getByRole('table', { name: /Recipients and their delivery states/ });
    await expect(recipients.getByRole('row')).toHaveCount(5);
    await expect(recipients.getByRole('row', { name: new RegExp(M1111.replace('+', '\\+')) })).toContainText('UNKNOWN_SUBSCRIBER');
    await expect(recipients.getByRole('row', { name: new RegExp(M2222.replace('+', '\\+')) })).toContainText('ABSENT_SUBSCRIBER');
    await expect(recipients.getByRole('row', { name: new RegExp(M3333.replace('+', '\\+')) })).toContainText('EXPIRED');

    // Event timeline with the webhook attempts; replay queues a new delivery of the same event.
    const queued = page.getByRole('listitem').filter({ has: page.getByText('sms.queued', { exact: true }) });
    await expect(queued.getByText('succeeded').first()).toBeVisible({ timeout: 15_000 });
    await queued.getByText(/Payload and 1 delivery/).click();
    await expect(queued.getByRole('table', { name: 'Attempts of delivery 1' })).toContainText('204');
    const eventId = JSON.parse((await queued.locator('pre').textContent()) ?? '{}').event_id as string;
    expect(receiver.hits(eventId)).toBe(1);
    await queued.getByRole('button', { name: 'Replay sms.queued' }).click();
    await expect(queued.getByText('Replay queued: a new delivery of this event was created.')).toBeVisible();
    await expect(queued.getByText(/Payload and 2 deliveries/)).toBeVisible();
    await expect.poll(() => receiver.hits(eventId), { timeout: 15_000 }).toBe(2);
    await snap(page, 'message-partially-delivered');

    // History: the send is listed; filters narrow it down.
    await page.goto('/dashboard/messages');
    const row = page.getByRole('row').filter({ hasText: 'Your code is 4821 ✓' });
    await expect(row).toContainText('partially delivered');
    await expect(row).toContainText('1 / 3 / 0');
    await snap(page, 'messages');
    await page.getByLabel('Recipient phone').fill('1111');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/phone=1111/);
    await expect(page.getByRole('row').filter({ hasText: 'Your code is 4821 ✓' })).toBeVisible();
    await page.getByLabel('Status').selectOption('delivered');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No messages match these filters.')).toBeVisible();
    await snap(page, 'messages-filtered-empty');

    // The overview now counts the send.
    await page.goto('/dashboard');
    await expect(page.getByText('Getting started')).toHaveCount(0);
    await expect(page.getByRole('img', { name: /SMS per day/ })).toBeVisible();
    await expect(page.getByText('1 delivered of 4 finished')).toBeVisible();
    await snap(page, 'overview-with-sends');

    // Compose at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/compose');
    await page.getByLabel('Phone numbers').fill(MIX.join('\n'));
    await page.getByLabel('Message').fill('Hello');
    await snap(page, 'compose-mobile');
  } finally {
    await receiver.close();
  }
});

test('another organization’s message is not found', async ({ page, baseURL }) => {
  const owner = newAccount();
  await signUp(page, owner);
  await equipOrganization(baseURL!, owner.email, { prepaid: '1' });
  await page.goto('/dashboard/compose');
  await page.getByLabel('Phone numbers').fill(VODACOM);
  await page.getByLabel('Message').fill('Private');
  await page.getByRole('button', { name: /^Send now/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/msg_/);
  const url = page.url();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signUp(page, newAccount());
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Message not found' })).toBeVisible();
  await page.goto('/dashboard/messages');
  await expect(page.getByText('No messages yet.')).toBeVisible();
  await snap(page, 'messages-empty');
});
