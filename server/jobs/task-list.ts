import type { TaskList } from 'graphile-worker';

/**
 * graphile-worker tasks (snake_case ids). The delivery pipeline (dispatch_message,
 * carrier_step, deliver_webhook) registers here; each task parses its payload
 * with zod first and is idempotent.
 */
export const taskList: TaskList = {};
