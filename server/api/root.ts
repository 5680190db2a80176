import { createCallerFactory, router } from './trpc';
import { healthRouter } from './routers/health/router';
import { messagesRouter } from './routers/messages/router';
import { pricingRouter } from './routers/pricing/router';
import { walletsRouter } from './routers/wallets/router';

export const appRouter = router({
  health: healthRouter,
  wallets: walletsRouter,
  pricing: pricingRouter,
  messages: messagesRouter,
});
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
