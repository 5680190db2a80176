import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { ComposeOptions } from '@/shared/contracts/compose';
import { getComposeOptions } from '@/server/domain/messages/compose-send';

/** What the compose form previews with: the apps that may send, prices, timezone, balance. Every role may read. */
export const getComposeOptionsProcedure = merchantProcedure
  .input(z.void())
  .output(ComposeOptions)
  .query(({ ctx }) => getComposeOptions(ctx.db, ctx.member, ctx.env.SMS_ENV));
