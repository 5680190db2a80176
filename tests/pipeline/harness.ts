import { createPipeline } from '@/server/domain/delivery/pipeline';
import type { Env } from '@/server/env';
import { pipelineTasks } from '@/server/jobs/tasks/pipeline-tasks';
import { restClient, testDeps } from '../helpers';

/** A test file's database and REST client, with the delivery pipeline (the carrier simulator) and its task list for drain(). */
export function pipelineHarness(env: Env) {
  const deps = testDeps({ env });
  const pipeline = createPipeline(deps.db, env);
  return { deps, call: restClient(deps), pipeline, tasks: pipelineTasks(() => pipeline) };
}
