import type { Failure } from '@/server/domain/carrier/connector';
import { statusName } from '@/server/smpp/client/status';

/** D14: throttled, queue full, system error: the next connector (or a later retry); anything else is final. */
export const RETRYABLE_STATUSES = new Set([0x58, 0x14, 0x08]);

/** A permanent submit_sm error: `SMPP_<STATUS NAME>`, not retryable. */
export function smppFailure(status: number): Failure {
  const name = statusName(status);
  return {
    errorCode: `SMPP_${name}`,
    errorMessage: `The carrier refused the message: ${name} (command_status 0x${status.toString(16).padStart(8, '0').toUpperCase()}).`,
    retryable: false,
  };
}
