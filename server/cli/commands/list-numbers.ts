import { listNumbers, toAssignedNumber } from '@/server/domain/numbers/list-numbers';
import { defineCommand } from '../command';
import * as check from '../validate';

export const listNumbersCommand = defineCommand({
  name: 'list-numbers',
  summary: "Inbound numbers and the apps they belong to (D18), every organization's or one's",
  usage: '[--organization-id ORG]',
  options: { 'organization-id': { type: 'string' } },
  async run(v, { db }) {
    const organizationId = v['organization-id'] === undefined ? undefined : check.required(v['organization-id'], 'organization-id');
    const rows = await listNumbers(db, { organizationId });
    return { data: { numbers: rows.map(toAssignedNumber) } };
  },
});
