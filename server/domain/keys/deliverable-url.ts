import { validationError } from '@/shared/errors/validation';
import type { KeyEnvironment } from './api-keys';

/**
 * D10's rule for an address the gateway will POST to, checked when it is set: the live environment delivers over
 * https only (loopback, private and metadata addresses are refused at delivery, when the name is resolved).
 * Shared by the webhook URL and the inbound URL (D18); `field` names the form field of the error.
 */
export function assertDeliverableUrl(url: string | null, environment: KeyEnvironment, field: string): void {
  if (url && environment === 'live' && new URL(url).protocol !== 'https:') {
    throw validationError([{ field, code: 'INVALID_FIELD_FORMAT', message: 'The live environment delivers webhooks over https only.' }]);
  }
}
