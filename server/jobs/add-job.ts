// addJob for server/domain/delivery/carrier-steps.ts and run-dispatch.ts, which still import it from this path:
// those two files are being reworked on another branch at the same time. Everything else imports
// @/server/queue/add-job; this file goes once they do (eslint.config.js names the same two files).
export { addJob, type JobKeyMode, type JobName } from '@/server/queue/add-job';
