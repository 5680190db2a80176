import type { Db } from '@/db/client';
import type { SimulateInboundResult } from '@/shared/contracts/inbound';
import { reportInbound } from '@/server/domain/delivery/carrier-port';
import { validationError } from '@/shared/errors/validation';
import { inTransaction } from '@/server/lib/after-commit';
import { normalizePhone } from '@/shared/messages/phone';
import { analyzeMessage } from '@/shared/messages/segments';

/** The carrier label of simulated MO (D18). */
export const SIMULATOR_CARRIER = 'simulator';

/**
 * The sandbox's MO (D18 POST /inbound/simulate): the simulator reports it through the carrier port like a
 * connector reports what an SMSC delivered (stored, routed, sms.received to the app's inbound_url), as one
 * complete MO in the encoding and parts a handset would have used (D1). It must route to one of the caller's
 * organization's apps; otherwise nothing is stored and the answer is 1110, whoever else's number it is. Each call
 * is a new MO: the carriers' 60 s resend rule is no part of the sandbox.
 */
export async function simulateInbound(
  db: Db,
  input: { organizationId: string; defaultCountry: string; from: string; to: string; text: string },
  now: Date,
): Promise<SimulateInboundResult> {
  const from = normalizePhone(input.from, input.defaultCountry);
  if (!from.ok) throw validationError([{ field: 'from', code: 'INVALID_FIELD_FORMAT', message: `not a phone number: ${from.reason}` }]);
  const analysis = analyzeMessage(input.text);
  return inTransaction(db, async (tx) => {
    const [received] = await reportInbound(
      tx,
      [
        {
          carrier: SIMULATOR_CARRIER,
          connectorId: null,
          from: from.e164,
          to: input.to,
          text: input.text,
          encoding: analysis.encoding === 'GSM-7' ? 'gsm7' : 'ucs2',
          segments: Math.max(1, analysis.segments),
          complete: true,
          receivedAt: now,
        },
      ],
      now,
    );
    if (received.organizationId !== input.organizationId) {
      // (the transaction rolls back: no MO, no event)
      throw validationError([{ field: 'to', code: 'INVALID_FIELD_FORMAT', message: 'routes to none of your apps: not one of your numbers, or not with this keyword' }]);
    }
    return { inbound_id: received.inboundId };
  });
}
