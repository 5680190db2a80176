import { router } from '@/server/api/trpc';
import { signUpProcedure } from './sign-up';

export const authRouter = router({ signUp: signUpProcedure });
