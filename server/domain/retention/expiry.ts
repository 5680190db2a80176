import { ApiError } from '@/shared/errors/api-error';
import { retentionCutoff } from './partitions';

/**
 * D24: a send accepted more than `retentionDays` before `now` is expired: GET /status and its recipients answer 404
 * `Message expired`. A rule of time, not of storage, so the answer does not depend on when the maintenance last ran.
 */
export function assertNotExpired(createdAt: Date, retention: { now: Date; retentionDays: number }): void {
  if (createdAt.getTime() < retentionCutoff(retention.now, retention.retentionDays).getTime()) throw new ApiError('MESSAGE_EXPIRED');
}
