import { router } from '@/server/api/trpc';

/** Dashboard procedures of the operator feature (one file per procedure beside this router). */
export const operatorRouter = router({});
