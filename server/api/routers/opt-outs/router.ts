import { router } from '@/server/api/trpc';
import { addDashboardOptOutsProcedure } from './add-dashboard-opt-outs';
import { addOptOutsProcedure } from './add-opt-outs';
import { checkOptOutsProcedure } from './check-opt-outs';
import { deleteDashboardOptOutProcedure } from './delete-dashboard-opt-out';
import { deleteOptOutProcedure } from './delete-opt-out';
import { listDashboardOptOutsProcedure } from './list-dashboard-opt-outs';
import { listOptOutsProcedure } from './list-opt-outs';

export const optOutsRouter = router({
  // REST (app-key, OpenAPI meta)
  listApi: listOptOutsProcedure,
  addApi: addOptOutsProcedure,
  deleteApi: deleteOptOutProcedure,
  // dashboard (session; any member reads, developers and owners change; no OpenAPI meta)
  list: listDashboardOptOutsProcedure,
  add: addDashboardOptOutsProcedure,
  remove: deleteDashboardOptOutProcedure,
  // the compose preview: which numbers a send would skip
  check: checkOptOutsProcedure,
});
