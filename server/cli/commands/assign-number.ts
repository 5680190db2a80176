import { assignNumber } from '@/server/domain/numbers/assign-number';
import { toAssignedNumber } from '@/server/domain/numbers/list-numbers';
import { defineCommand } from '../command';
import { numberAndKeyword } from '../number-options';
import * as check from '../validate';

export const assignNumberCommand = defineCommand({
  name: 'assign-number',
  summary: 'Give an app an inbound number (D18): a dedicated number, a short code (catch-all), or a short code with --keyword',
  usage: '--app-id ID --number DIGITS [--keyword WORD]',
  options: { 'app-id': { type: 'string' }, number: { type: 'string' }, keyword: { type: 'string' } },
  async run(v, { db }) {
    const appId = check.required(v['app-id'], 'app-id');
    const { number, keyword } = numberAndKeyword(v);
    const row = await assignNumber(db, { appId, number, keyword, actor: 'cli' });
    return { data: toAssignedNumber(row) };
  },
});
