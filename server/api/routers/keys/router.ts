import { router } from '@/server/api/trpc';

/** Dashboard procedures of the keys feature (one file per procedure beside this router). */
export const keysRouter = router({});
