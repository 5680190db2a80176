import { router } from '@/server/api/trpc';
import { listInboundProcedure } from './list-inbound';
import { simulateInboundProcedure } from './simulate-inbound';

export const inboundRouter = router({
  // REST (app-key, OpenAPI meta)
  listApi: listInboundProcedure,
  simulateApi: simulateInboundProcedure,
});
