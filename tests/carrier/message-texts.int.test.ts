import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';

/**
 * D24: a send's text is kept in message_texts, keyed by the send's first recipient id, in the partition of its
 * recipients' month (so the retention drops them together), and nowhere else; a send accepted before migration 0049
 * keeps its text on its messages row. The SMSC gets the text of either.
 */
const h = carrierHarness();
afterEach(() => h.stopManagers());
afterAll(closePools);

const partitionSuffix = (t: string) => t.replace(/^.*_p/, '');

describe('a send\'s text (D24)', () => {
  it('is stored once, in message_texts, in its recipients\' partition, by its first recipient id; its messages row has none', async () => {
    const { m } = await h.routedTo('texts', '2438130');
    const id = await h.send(m.apiKey, ['+243813001234', '+243813004321'], 'Bonjour, votre colis est arrivé');
    const [row] = await h.db.execute<{ body: string | null; original_body: string | null; first: string; lowest: string; recipients: string }>(sql`
      select m.body, m.original_body, m.first_recipient_id::text as first,
             (select min(id)::text from message_recipients where message_id = m.id) as lowest,
             (select min(tableoid::regclass::text) from message_recipients where message_id = m.id) as recipients
        from messages m where m.id = ${id}`);
    expect(row).toMatchObject({ body: null, original_body: null });
    expect(row.first).toBe(row.lowest);
    const texts = await h.db.execute<{ first: string; body: string; original_body: string | null; part: string }>(sql`
      select first_recipient_id::text as first, body, original_body, tableoid::regclass::text as part from message_texts where message_id = ${id}`);
    expect(texts).toEqual([{ first: row.first, body: 'Bonjour, votre colis est arrivé', original_body: null, part: expect.stringMatching(/^message_texts_p\d{6}$/) }]);
    expect(partitionSuffix(texts[0].part)).toBe(partitionSuffix(row.recipients));
  });

  it('reaches the SMSC from message_texts, and from the messages row for a send from before migration 0049', async () => {
    const { s, m } = await h.routedTo('texts2', '2438131');
    await waitFor(async () => s.binds.length, (n) => n > 0);
    const accepted = async (to: string, message: string) => {
      const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: [to], message } });
      expect(res.status).toBe(201);
      return res.body.data.message_id as string;
    };
    const now = await accepted('+243813101234', 'Texte dans la table des textes');
    const old = await accepted('+243813104321', 'placeholder');
    // before its dispatch runs, the second is made a send of before 0049: its text on its row, no key, no message_texts row
    await h.db.execute(sql`update messages set body = 'Texte sur la ligne du message', first_recipient_id = null where id = ${old}`);
    await h.db.execute(sql`delete from message_texts where message_id = ${old}`);
    await h.drain();
    for (const id of [now, old]) await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    const got = Object.fromEntries(s.submits.map((x) => [x.destination_addr, x.short_message.toString('latin1')]));
    expect(got).toEqual({ '243813101234': 'Texte dans la table des textes', '243813104321': 'Texte sur la ligne du message' });
  });
});
