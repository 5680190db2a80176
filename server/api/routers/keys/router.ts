import { router } from '@/server/api/trpc';
import { createAppProcedure } from './create-app';
import { enableSmppProcedure } from './enable-smpp';
import { listAppsProcedure } from './list-apps';
import { regenerateKeyProcedure } from './regenerate-key';
import { rotateSigningSecretProcedure } from './rotate-signing-secret';
import { sendTestEventProcedure } from './send-test-event';
import { updateWebhookProcedure } from './update-webhook';

/** Dashboard procedures of the keys feature (one file per procedure beside this router). */
export const keysRouter = router({
  list: listAppsProcedure,
  create: createAppProcedure,
  regenerate: regenerateKeyProcedure,
  updateWebhook: updateWebhookProcedure,
  sendTestEvent: sendTestEventProcedure,
  rotateSigningSecret: rotateSigningSecretProcedure,
  enableSmpp: enableSmppProcedure,
});
