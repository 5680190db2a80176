import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/server/lib/logger';
import { workerLogger } from './worker-logger';

afterEach(() => vi.restoreAllMocks());

describe('graphile-worker messages in our log (issue 14: no per-job lines at info)', () => {
  it('a finished job goes to debug, named by id and task, without its record; a failed one stays an error, also without it', () => {
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => {});
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const job = { id: '7', task_identifier: 'carrier_submit', attempts: 1, payload: { dispatch_id: 'dsp_x' }, key: 'submit:dsp_x' };
    const log = workerLogger.scope({ label: 'worker' });
    log.info('Completed task 7 (carrier_submit, 3ms) with success', { job, duration: 3, success: true });
    log.error('Failed task 8 (dispatch_message) with error boom', { job: { ...job, id: '8' }, failure: true });
    log.info('Worker connected and looking for jobs...');
    expect(info.mock.calls).toEqual([['Worker connected and looking for jobs...', { scope: 'worker' }]]);
    expect(debug.mock.calls).toEqual([
      ['Completed task 7 (carrier_submit, 3ms) with success', { scope: 'worker', duration: 3, success: true, job_id: '7', task: 'carrier_submit', attempts: 1 }],
    ]);
    expect(error.mock.calls).toEqual([
      ['Failed task 8 (dispatch_message) with error boom', { scope: 'worker', failure: true, job_id: '8', task: 'carrier_submit', attempts: 1 }],
    ]);
  });
});
