import type { Task, TaskList } from 'graphile-worker';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { WebhookLoop } from './tasks/deliver-webhooks';
import type { JobName } from '@/server/queue/job-payloads';
import { pipelineTasks } from './tasks/pipeline-tasks';
import { maintenanceTask } from './tasks/maintain-partitions';

/**
 * graphile-worker tasks (snake_case ids). Each task parses its payload with zod
 * first and is idempotent. `pipeline` supplies the pool, settings, carrier
 * connector and clock (tests inject their own); `webhooks` is the process's delivery loop, which the worker also
 * wakes on notifications.
 */
export function createTaskList(pipeline: () => Pipeline, webhooks: WebhookLoop = new WebhookLoop(pipeline)): TaskList {
  return {
    ...pipelineTasks(pipeline),
    deliver_webhooks: webhooks.task,
    maintain_partitions: maintenanceTask(pipeline),
  } satisfies Record<JobName, Task>; // a task for every job addJob can enqueue
}
