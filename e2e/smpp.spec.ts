import smpp from 'smpp';
import { addTestCredit, createKey, settle } from './account-helpers';
import { expect, newAccount, signUp, snap, test } from './fixtures';

/**
 * D15's "done when": a merchant enables SMPP for an app in the dashboard, binds a standard ESME (the smpp
 * library's client), submits, gets the receipt on its session, and finds the message in the dashboard as sent
 * over SMPP. The service's listener runs 1000 above the web port (e2e/serve.ts).
 */
test('enable SMPP in the dashboard, bind, submit, receive the receipt, see it in Messages', async ({ page, baseURL }) => {
  await signUp(page, newAccount());
  await addTestCredit(page, '5');
  await createKey(page, 'Reseller ESME');
  await page.reload();
  await settle(page);

  const section = page.getByRole('region', { name: 'SMPP access' });
  await expect(section).toContainText('not enabled');
  await section.getByRole('button', { name: 'Enable SMPP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable SMPP for Reseller ESME?' });
  await dialog.getByRole('button', { name: 'Enable SMPP' }).click();
  const systemId = await page.getByRole('textbox', { name: 'system_id', exact: true }).inputValue();
  const password = await page.getByRole('textbox', { name: 'SMPP password' }).inputValue();
  expect(systemId).toMatch(/^gw[a-z0-9]{10}$/);
  expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
  await snap(page, 'keys-smpp-enabled');
  await page.getByRole('button', { name: 'I have stored the password' }).click();
  await expect(section).toContainText(systemId);
  await expect(section.getByRole('button', { name: 'Rotate SMPP password' })).toBeVisible();

  const port = Number(new URL(baseURL!).port) + 1000;
  const session = await new Promise<smpp.Session>((resolve, reject) => {
    const s = smpp.connect({ url: `smpp://127.0.0.1:${port}` }, () => resolve(s));
    s.on('error', reject);
  });
  try {
    const bind = await new Promise<smpp.Pdu>((r) => session.bind_transceiver({ system_id: systemId, password }, r));
    expect(bind.command_status).toBe(0);
    const receipt = new Promise<smpp.Pdu>((resolve) =>
      session.on('deliver_sm', (pdu: smpp.Pdu) => {
        session.send(pdu.response());
        resolve(pdu);
      }),
    );
    const resp = await new Promise<smpp.Pdu>((r) =>
      session.submit_sm({ destination_addr: '0810001234', source_addr: 'SHOP', short_message: 'Hello from an ESME', registered_delivery: 1 }, r),
    );
    expect(resp.command_status).toBe(0);
    const id = resp.message_id as string;
    const dlr = await receipt;
    expect([dlr.esm_class, dlr.receipted_message_id, dlr.message_state]).toEqual([0x04, id, 2]);

    await page.goto(`/dashboard/messages/${id}`);
    await settle(page);
    await expect(page.getByText('Hello from an ESME')).toBeVisible();
    await expect(page.getByText('Sent from').locator('xpath=..')).toContainText('SMPP');
    await snap(page, 'message-over-smpp');
  } finally {
    session.destroy();
  }
});
