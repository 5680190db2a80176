import type { Task, TaskList } from 'graphile-worker';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { deliverWebhooksTask } from './tasks/deliver-webhooks';
import type { JobName } from '@/server/queue/job-payloads';
import { pipelineTasks } from './tasks/pipeline-tasks';

/**
 * graphile-worker tasks (snake_case ids). Each task parses its payload with zod
 * first and is idempotent. `pipeline` supplies the pool, settings, carrier
 * connector and clock (tests inject their own).
 */
export function createTaskList(pipeline: () => Pipeline): TaskList {
  return {
    ...pipelineTasks(pipeline),
    deliver_webhooks: deliverWebhooksTask(pipeline),
  } satisfies Record<JobName, Task>; // a task for every job addJob can enqueue
}
