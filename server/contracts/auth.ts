import { z } from 'zod';

/** Sign-up form and procedure input (shared by the page's client-side validation and the server). */
export const SignUpInput = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100),
  email: z.string().trim().email('Enter a valid email address.').max(254),
  password: z.string().min(10, 'Use at least 10 characters.').max(200),
  organizationName: z.string().trim().min(1, 'Enter your company name.').max(100),
});
export type SignUpInput = z.infer<typeof SignUpInput>;
