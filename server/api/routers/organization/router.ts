import { router } from '@/server/api/trpc';

/** Dashboard procedures of the organization feature (one file per procedure beside this router). */
export const organizationRouter = router({});
