import { router } from '@/server/api/trpc';
import { changePasswordProcedure } from './change-password';
import { signUpProcedure } from './sign-up';

export const authRouter = router({ signUp: signUpProcedure, changePassword: changePasswordProcedure });
