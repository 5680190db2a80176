import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { ListAppsResult } from '@/shared/contracts/keys';
import { listApps } from '@/server/domain/keys/list-apps';

/** The organization's apps as prefix…last4 (never a key or a webhook password); every role may read. */
export const listAppsProcedure = merchantProcedure
  .input(z.void())
  .output(ListAppsResult)
  .query(async ({ ctx }) => ({ apps: await listApps(ctx.db, ctx.member.organizationId), environment: ctx.env.SMS_ENV }));
