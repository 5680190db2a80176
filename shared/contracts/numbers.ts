import { z } from 'zod';
import { DbText } from './storable';
import { AppId } from './keys';
import { OrganizationId } from './operator';

/**
 * D18 numbers: the merchant's view (GET /numbers, the dashboard) and the operator's (console, CLI). Inputs are
 * checked for shape here; the number and keyword rules live in server/domain/numbers/address.ts, whose
 * refusals come back as field errors.
 */
export const NumberItem = z
  .object({
    number: z.string().meta({ description: 'A dedicated number (8-15 digits, E.164 without `+`) or a short code (3-7 digits).', example: '4321' }),
    keyword: z
      .string()
      .nullable()
      .meta({ description: 'The keyword on a shared short code, as assigned; null for a dedicated number or the short code\'s catch-all.', example: 'SHOP' }),
    app_id: z.string().meta({ description: 'The app that receives the messages sent to this number (and keyword).', example: 'app_2x8ZqLm0Tb4Kd9Vw1Ns6Hc' }),
  })
  .meta({ id: 'Number' });
export type NumberItem = z.infer<typeof NumberItem>;

export const NumbersList = z.object({ items: z.array(NumberItem) });
export type NumbersList = z.infer<typeof NumbersList>;

/** What assign-number prints and list-numbers lists (D18): `keyword` null when none. */
export const AssignedNumber = z.object({
  number_id: z.string(),
  number: z.string(),
  keyword: z.string().nullable(),
  app_id: z.string(),
  organization_id: z.string(),
});
export type AssignedNumber = z.infer<typeof AssignedNumber>;

/** The console's row: names and the assignment time as well. */
export const NumberDetail = AssignedNumber.extend({ app_name: z.string(), organization_name: z.string(), created_at: z.string() });
export type NumberDetail = z.infer<typeof NumberDetail>;

export const ListNumbersInput = z.object({ organizationId: OrganizationId.optional() });
export type ListNumbersInput = z.infer<typeof ListNumbersInput>;

export const NumbersOverview = z.object({ numbers: z.array(NumberDetail) });
export type NumbersOverview = z.infer<typeof NumbersOverview>;

const NumberText = DbText.trim().min(1, 'Enter the number or short code.').max(20, 'At most 15 digits.');
/** '' (or absent) is no keyword: the number itself, or the short code's catch-all. */
const KeywordText = DbText.trim().max(40, 'At most 20 letters or digits.');

export const AssignNumberInput = z.object({ appId: AppId, number: NumberText, keyword: KeywordText.optional() });
export type AssignNumberInput = z.infer<typeof AssignNumberInput>;

export const ReleaseNumberInput = z.object({ number: NumberText, keyword: KeywordText.optional() });
export type ReleaseNumberInput = z.infer<typeof ReleaseNumberInput>;

/** What release-number prints (D18), `keyword` as it was assigned. */
export const ReleasedNumber = z.object({ released: z.literal(true), number: z.string(), keyword: z.string().nullable() });
export type ReleasedNumber = z.infer<typeof ReleasedNumber>;
