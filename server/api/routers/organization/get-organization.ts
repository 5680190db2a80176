import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { OrganizationView, type RoleValue } from '@/shared/contracts/organization';
import { keywordReplies } from '@/server/domain/opt-outs/keyword-replies';
import { getOrganization, type OrganizationSummary } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';

export function toOrganizationView(org: OrganizationSummary, environment: 'test' | 'live', role: RoleValue): OrganizationView {
  return {
    id: org.id,
    name: org.name,
    timezone: org.timezone,
    default_country: org.defaultCountry,
    currency: org.currency,
    environment,
    your_role: role,
    keyword_replies: keywordReplies(org),
    keyword_replies_fr: keywordReplies(org, 'fr'),
    smart_encoding: org.smartEncoding,
    low_balance_threshold: org.lowBalanceThreshold === null ? null : toAmount(org.lowBalanceThreshold),
    compose_confirm_amount: Number(org.composeConfirmAmount),
  };
}

export const getOrganizationProcedure = merchantProcedure
  .input(z.void())
  .output(OrganizationView)
  .query(async ({ ctx }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
