import { notTheEmail, SignUpFields } from '@/shared/contracts/auth';
import { createOperator } from '@/server/domain/users/create-operator';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const createOperatorCommand = defineCommand({
  name: 'create-operator',
  summary: 'Create an operator account for the console, or flag an existing account as operator',
  usage: '--email E --name N --password P',
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  async run(v, { db }) {
    const email = check.required(v.email, 'email');
    const name = check.required(v.name, 'name');
    const password = v.password ?? '';
    if (v.password === undefined) throw new CliError('missing --password');
    const shape = SignUpFields.pick({ email: true, name: true, password: true }).superRefine(notTheEmail).safeParse({ email, name, password });
    if (!shape.success) {
      const issue = shape.error.issues[0];
      throw new CliError(`bad --${String(issue.path[0])}: ${issue.message}`);
    }
    const r = await createOperator(db, { email, name, password, actor: 'cli' });
    return {
      data: { user_id: r.userId, email: r.email, created: r.created, is_operator: true },
      note: r.created ? 'Sign in at /sign-in; the console is at /operator.' : 'The existing account is now an operator; its password is unchanged.',
    };
  },
});
