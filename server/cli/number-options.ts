import { addressProblems } from '@/server/domain/numbers/address';
import { CliError } from './args';
import * as check from './validate';

/** `--number` and `--keyword` of assign-number and release-number, checked by D18's rules; errors name the flag. */
export function numberAndKeyword(v: { number?: string; keyword?: string }): { number: string; keyword: string | null } {
  const number = check.required(v.number, 'number');
  if (v.keyword !== undefined && v.keyword.trim() === '') throw new CliError('--keyword must not be empty (leave it out for the number itself or the catch-all)');
  const keyword = v.keyword === undefined ? null : v.keyword.trim();
  const [problem] = addressProblems(number, keyword);
  if (problem) throw new CliError(`bad --${problem.field} "${problem.field === 'number' ? number : keyword}": ${problem.message}`);
  return { number, keyword };
}
