import { router } from '@/server/api/trpc';
import { addMemberProcedure } from './add-member';
import { changeMemberRoleProcedure } from './change-member-role';
import { getOrganizationProcedure } from './get-organization';
import { listMembersProcedure } from './list-members';
import { removeMemberProcedure } from './remove-member';
import { updateKeywordRepliesProcedure } from './update-keyword-replies';
import { updateOrganizationProcedure } from './update-organization';
import { updateComposeConfirmProcedure } from './update-compose-confirm';
import { updateSmartEncodingProcedure } from './update-smart-encoding';
import { updateLowBalanceThresholdProcedure } from './update-low-balance-threshold';

/** Dashboard procedures of the organization feature (one file per procedure beside this router). */
export const organizationRouter = router({
  get: getOrganizationProcedure,
  update: updateOrganizationProcedure,
  updateKeywordReplies: updateKeywordRepliesProcedure,
  updateSmartEncoding: updateSmartEncodingProcedure,
  updateLowBalanceThreshold: updateLowBalanceThresholdProcedure,
  updateComposeConfirm: updateComposeConfirmProcedure,
  listMembers: listMembersProcedure,
  addMember: addMemberProcedure,
  changeRole: changeMemberRoleProcedure,
  removeMember: removeMemberProcedure,
});
