import { z } from 'zod';

/** Successful bodies carry `status_code` and `data` (spec). */
export function envelope<T extends z.ZodType>(data: T, status: number) {
  return z.object({ status_code: z.literal(status), data });
}

