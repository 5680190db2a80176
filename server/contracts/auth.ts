import { z } from 'zod';

/** Sign-up form and procedure input (shared by the page's client-side validation and the server). */
/** What a password must be: at sign-up and when changed. */
export const Password = z.string().min(10, 'Use at least 10 characters.').max(200);

export const SignUpInput = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100),
  email: z.string().trim().email('Enter a valid email address.').max(254),
  password: Password,
  organizationName: z.string().trim().min(1, 'Enter your company name.').max(100),
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** Change of the signed-in user's own password (Settings): the current one proves it is them. */
export const ChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(200),
    newPassword: Password,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one.' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
