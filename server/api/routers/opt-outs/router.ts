import { router } from '@/server/api/trpc';
import { addOptOutsProcedure } from './add-opt-outs';
import { deleteOptOutProcedure } from './delete-opt-out';
import { listOptOutsProcedure } from './list-opt-outs';

export const optOutsRouter = router({
  // REST (app-key, OpenAPI meta)
  listApi: listOptOutsProcedure,
  addApi: addOptOutsProcedure,
  deleteApi: deleteOptOutProcedure,
});
