import { createCallerFactory, router } from './trpc';
import { authRouter } from './routers/auth/router';
import { healthRouter } from './routers/health/router';
import { keysRouter } from './routers/keys/router';
import { operatorRouter } from './routers/operator/router';
import { organizationRouter } from './routers/organization/router';
import { messagesRouter } from './routers/messages/router';
import { pricingRouter } from './routers/pricing/router';
import { walletsRouter } from './routers/wallets/router';
import { optOutsRouter } from './routers/opt-outs/router';
import { inboundRouter } from './routers/inbound/router';
import { numbersRouter } from './routers/numbers/router';
import { inboxRouter } from './routers/inbox/router';
import { senderIdsRouter } from './routers/sender-ids/router';

export const appRouter = router({
  auth: authRouter,
  health: healthRouter,
  wallets: walletsRouter,
  pricing: pricingRouter,
  messages: messagesRouter,
  keys: keysRouter,
  optOuts: optOutsRouter,
  inbound: inboundRouter,
  numbers: numbersRouter,
  inbox: inboxRouter,
  senderIds: senderIdsRouter,
  organization: organizationRouter,
  operator: operatorRouter,
});
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
