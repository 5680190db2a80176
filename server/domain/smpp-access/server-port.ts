import type { Db } from '@/db/client';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { logger } from '@/server/lib/logger';
import type { ServerPort } from '@/server/smpp/server/port';
import { forgiveBind, reserveBind } from './bind-throttle';
import { dropBind, refreshBinds, registerBind, takeSmppTps } from './binds';
import { authenticateBind, BIND_STATUS, PASSWORD_LENGTH, SYSTEM_ID_MAX } from './credentials';
import { claimInbound, settleInbound, sweepInbound } from './inbound';
import { moDeliverSms } from './inbound-pdus';
import { querySmppMessage } from './query';
import { claimReceipts, deriveReceipts, receiptDeliverSm, settleReceipts, sweepReceipts } from './receipts';
import { SUBMIT_STATUS, submitMultiOverSmpp, submitOverSmpp } from './submit';

export type AccessOptions = {
  db: Db;
  secret: string;
  environment: KeyEnvironment;
  /** Names this listener process in smpp_binds and in its claims (hostname/pid). */
  listenerId: string;
};

/** D15's merchant SMPP access behind the listener's port: binds, submits, query_sm, and the receipts and MO owed. */
export function smppAccessPort(o: AccessOptions): ServerPort<AuthedApp> {
  const { db } = o;
  return {
    async bind({ systemId, password, mode, address, remote }) {
      const refuse = (status: number, reason: string) => {
        logger.info('smpp bind refused', { system_id: systemId.slice(0, SYSTEM_ID_MAX + 1), remote, status, reason });
        return { status, reason };
      };
      // failed binds are throttled like sign-ins, before any password is checked
      const slots = await reserveBind(db, systemId, address);
      if (!slots) return refuse(BIND_STATUS.BINDFAIL, 'too many failed binds: try again in a minute');
      if (password.length > PASSWORD_LENGTH) return refuse(BIND_STATUS.INVPASWD, 'password longer than 8');
      const auth = await authenticateBind(db, o.secret, o.environment, systemId, password);
      if (auth.status !== 0) return refuse(auth.status, auth.reason);
      await forgiveBind(db, slots);
      const bindId = await registerBind(db, auth.app.appId, mode, o.listenerId, remote);
      if (bindId === null) return refuse(BIND_STATUS.BINDFAIL, 'the app already has 4 sessions');
      return { status: 0, app: auth.app, tps: auth.tps, bindId };
    },
    unbind: (bindId) => dropBind(db, bindId),
    refresh: (bindIds) => refreshBinds(db, bindIds),
    takeTps: (app, tps) => takeSmppTps(db, app.appId, tps),
    async submit(app, request, now) {
      if (!('destinations' in request)) {
        const outcome = await submitOverSmpp(db, app, request, now);
        return 'messageId' in outcome ? { messageId: outcome.messageId } : outcome;
      }
      const outcome = await submitMultiOverSmpp(db, app, request, now);
      if (!('messageId' in outcome)) return outcome;
      // D19: a submit_multi destination on the opt-out list is listed unsuccessful (0x45); the reason is for the operator
      const optedOut = outcome.unsuccess.filter((u) => u.error_status_code === SUBMIT_STATUS.SUBMITFAIL).length;
      if (optedOut) logger.info('smpp submit_multi destinations refused', { app_id: app.appId, status: SUBMIT_STATUS.SUBMITFAIL, reason: 'opted out', destinations: optedOut });
      return { messageId: outcome.messageId, unsuccess: outcome.unsuccess };
    },
    query: (app, messageId) => querySmppMessage(db, app.appId, messageId),
    receipts: {
      claim: async (appIds, limit) => {
        await deriveReceipts(db);
        return (await claimReceipts(db, appIds, o.listenerId, limit)).map((r) => ({ id: r.id, appId: r.appId, deliverSms: [receiptDeliverSm(r)], partsDone: 0 }));
      },
      settle: (done, left) => settleReceipts(db, done, left.map((r) => r.id)),
      // (deriving here too keeps the consumer near the present while no receiver is bound)
      sweep: async () => {
        await deriveReceipts(db);
        await sweepReceipts(db);
      },
    },
    mo: {
      claim: async (appIds, limit) =>
        (await claimInbound(db, appIds, o.listenerId, limit)).map((m) => ({ id: m.id, appId: m.appId, deliverSms: moDeliverSms(m), partsDone: m.partsDone })),
      settle: (done, left) => settleInbound(db, done, left),
      async sweep() {
        const expired = await sweepInbound(db);
        if (expired) logger.warn('MO no merchant SMPP session took in 72 h dropped from the SMPP queue', { count: expired });
      },
    },
  };
}
