/**
 * D10 in two pure functions: how an HTTP answer is judged, and what a delivery
 * does next. The retry schedule itself is a plain array (env WEBHOOK_RETRY_SCHEDULE).
 */
export type Outcome = 'ack' | 'permanent' | 'retry';

/** 2xx acknowledges; 3xx (redirects are not followed) and 4xx are permanent; 5xx or no answer (null) retries. */
export function outcomeOf(statusCode: number | null): Outcome {
  if (statusCode === null) return 'retry';
  if (statusCode >= 200 && statusCode <= 299) return 'ack';
  if (statusCode >= 300 && statusCode <= 499) return 'permanent';
  return 'retry';
}

export type NextStep = { state: 'succeeded' } | { state: 'failed' } | { state: 'pending'; nextAttemptAt: Date };

/**
 * After attempt number `attempts` (1 = the initial attempt) ended with `outcome` at `now`:
 * attempt n that must be retried waits schedule[n - 1]; once every retry of the schedule
 * has been used (attempt schedule.length + 1 failed), the delivery is failed.
 */
export function nextStep(outcome: Outcome, attempts: number, schedule: readonly number[], now: Date): NextStep {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  if (outcome === 'ack') return { state: 'succeeded' };
  if (outcome === 'permanent') return { state: 'failed' };
  const delay = schedule[attempts - 1];
  if (delay === undefined) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
}
