import { z } from 'zod';
import { DbText } from './storable';
import { LOCALES } from '@/shared/i18n/locales';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password policy, the one function every place that sets a password
 * uses (sign-up, change-password, the operator CLI, the zod schemas below):
 * the problem with `password` as a sentence for the form, or null when it is
 * acceptable. `email`, when known, must not be the password (nor its part
 * before the @), whatever the case.
 */
export function passwordProblem(password: string, email?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (/^(.)\1*$/su.test(password)) return 'Do not use one character repeated.';
  const address = email?.trim().toLowerCase();
  if (address) {
    const p = password.toLowerCase();
    if (p === address || p === address.split('@')[0]) return 'Do not use your email address as your password.';
  }
  return null;
}

/** What a password must be, without the email rule (the object schemas and the server add it). Longer than 128: refused before any hashing. */
export const Password = DbText.superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Sign-up form and procedure input (shared by the page's client-side validation and the server). */
export const SignUpFields = z.object({
  name: DbText.trim().min(1, 'Enter your name.').max(100),
  email: DbText.trim().email('Enter a valid email address.').max(254),
  password: Password,
  organizationName: DbText.trim().min(1, 'Enter your company name.').max(100),
});

/** The email rule of the policy, for schemas holding both (runs once the fields themselves are valid). */
export function notTheEmail<T extends { email: string; password: string }>(v: T, ctx: z.RefinementCtx): void {
  if (passwordProblem(v.password)) return; // already said by the password field
  const problem = passwordProblem(v.password, v.email);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
}

export const SignUpInput = SignUpFields.superRefine(notTheEmail);
export type SignUpInput = z.infer<typeof SignUpInput>;

/** Change of the signed-in user's own password (Settings): the current one proves it is them. */
export const ChangePasswordInput = z
  .object({
    currentPassword: DbText.min(1, 'Enter your current password.').max(200, 'This is not your current password.'),
    newPassword: Password,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one.' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** The signed-in user's dashboard language (Settings, D23). */
export const UpdateLocaleInput = z.object({ locale: z.enum(LOCALES) });
export type UpdateLocaleInput = z.infer<typeof UpdateLocaleInput>;
