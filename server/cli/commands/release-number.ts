import { releaseNumber } from '@/server/domain/numbers/release-number';
import { defineCommand } from '../command';
import { numberAndKeyword } from '../number-options';

export const releaseNumberCommand = defineCommand({
  name: 'release-number',
  summary: "Take back an inbound number (D18); without --keyword a short code's catch-all only, its keywords stay",
  usage: '--number DIGITS [--keyword WORD]',
  options: { number: { type: 'string' }, keyword: { type: 'string' } },
  async run(v, { db }) {
    const row = await releaseNumber(db, { ...numberAndKeyword(v), actor: 'cli' });
    return { data: { released: true, number: row.number, keyword: row.keyword } };
  },
});
