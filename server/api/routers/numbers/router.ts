import { router } from '@/server/api/trpc';
import { listDashboardNumbersProcedure } from './list-dashboard-numbers';
import { listNumbersProcedure } from './list-numbers';

export const numbersRouter = router({
  // REST (app-key, OpenAPI meta)
  listApi: listNumbersProcedure,
  // dashboard (session, any member; no OpenAPI meta)
  list: listDashboardNumbersProcedure,
});
