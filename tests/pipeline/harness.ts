import type { Db } from '@/db/client';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import type { Env } from '@/server/env';
import { pipelineTasks } from '@/server/jobs/tasks/pipeline-tasks';
import { restClient, testDeps } from '../helpers';
import { withSimulator } from './drain';

/** The delivery pipeline and its task list for drain(), which also runs the simulator connector's driver. */
export function deliveryTasks(db: Db, env: Env, now: () => Date = () => new Date()) {
  const pipeline = createPipeline(db, env, now);
  return { pipeline, tasks: withSimulator(pipelineTasks(() => pipeline), db, env, now) };
}

/** A test file's database and REST client, with the delivery pipeline (the carrier simulator) and its task list for drain(). */
export function pipelineHarness(env: Env) {
  const deps = testDeps({ env });
  return { deps, call: restClient(deps), ...deliveryTasks(deps.db, env) };
}
