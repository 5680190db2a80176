import { router } from '@/server/api/trpc';
import { changePasswordProcedure } from './change-password';
import { signUpProcedure } from './sign-up';
import { updateLocaleProcedure } from './update-locale';

export const authRouter = router({ signUp: signUpProcedure, changePassword: changePasswordProcedure, updateLocale: updateLocaleProcedure });
