import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric of the service, in one place (docs/operations.md, Metrics). Each process
 * (web, worker, SMPP listener) has its own registry instance of this module and
 * serves it on GET /metrics; Prometheus adds the `instance` label. Counters are
 * incremented by domain code where the fact happens (after its transaction
 * commits: server/lib/after-commit.ts), with no database round trip; the gauges
 * that need the database are read when scraped (db-gauges.ts). Labels are
 * bounded: a route template, a task identifier, a connector name, a state.
 *
 * Kept on globalThis, as the database pool is (db/client.ts): the web process
 * loads this module twice (inside Next's server bundle for the dashboard's
 * tRPC and by the node:http server that serves /metrics), and both must count
 * into the one registry that is scraped.
 */

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'sms_http_requests_total',
    help: 'HTTP requests answered, by route template (REST path, "trpc", "next", "metrics") and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });

  const httpDuration = new Histogram({
    name: 'sms_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by route template and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const sendsAccepted = new Counter({
    name: 'sms_sends_accepted_total',
    help: 'Sends accepted (committed and charged), by channel: api (REST), dashboard (Compose), smpp, or keyword (D19 replies)',
    labelNames: ['channel'] as const,
    registers: [registry],
  });

  const recipientsTerminal = new Counter({
    name: 'sms_recipients_terminal_total',
    help: 'Recipients that reached a terminal state, by state (delivered, failed, cancelled)',
    labelNames: ['state'] as const,
    registers: [registry],
  });

  const dispatchLag = new Histogram({
    name: 'sms_dispatch_lag_seconds',
    help: "Time from a dispatch's due moment (its dispatch_at, or the message's creation for an immediate send) to the worker starting it",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  const webhookAttempts = new Counter({
    name: 'sms_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome: succeeded, retry (another attempt is scheduled), failed (given up)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const carrierSubmits = new Counter({
    name: 'sms_carrier_submits_total',
    help: 'Recipients an SMPP connector settled after submit_sm, by connector and outcome (sent, retry, fail, release)',
    labelNames: ['connector', 'outcome'] as const,
    registers: [registry],
  });

  const carrierMo = new Counter({
    name: 'sms_carrier_mo_total',
    help: 'Mobile-originated deliver_sm and data_sm (not receipts) from SMPP connectors, parts of long MO one by one, resends included (D18)',
    labelNames: ['connector'] as const,
    registers: [registry],
  });

  const inboundMessagesReceived = new Counter({
    name: 'sms_inbound_messages_total',
    help: 'Inbound messages (MO) stored, whole (a long MO once joined), by whether a number routed them to an app (D18)',
    labelNames: ['routed'] as const,
    registers: [registry],
  });

  const carrierReceipts = new Counter({
    name: 'sms_carrier_receipts_total',
    help: 'Delivery receipts (deliver_sm) stored from SMPP connectors, by connector and stat (DELIVRD, UNDELIV, ..., other)',
    labelNames: ['connector', 'stat'] as const,
    registers: [registry],
  });

  const walletCharged = new Counter({
    name: 'sms_wallet_charged_total',
    help: 'Amount charged to merchant wallets for sends, in major currency units (a float: 0.02 is two cents), by currency',
    labelNames: ['currency'] as const,
    registers: [registry],
  });

  const smppConnectionsRefused = new Counter({
    name: 'sms_smpp_connections_refused_total',
    help: "Connections the SMPP listener closed as it accepted them, by reason: total (SMPP_MAX_CONNECTIONS open already) or per_address (SMPP_MAX_CONNECTIONS_PER_ADDRESS open from that client's address)",
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const smppProtocolErrors = new Counter({
    name: 'sms_smpp_protocol_errors_total',
    help: 'What the SMPP listener refused from ESMEs, by kind: bad_frame (not a PDU: session closed), generic_nack (a command id it does not serve), handler_error (a PDU whose handling failed: answered or session closed)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  // Read from the database when scraped (db-gauges.ts), by the web process only: a registry of their own, so
  // that the worker's and the SMPP listener's /metrics do not show them as zeros.
  const databaseRegistry = new Registry();
  const jobQueueDepth = new Gauge({
    name: 'sms_job_queue_jobs',
    help: 'graphile-worker jobs by task and state: due (runnable now), scheduled (run_at later), running (locked), failed (no attempts left)',
    labelNames: ['task', 'state'] as const,
    registers: [databaseRegistry],
  });

  const jobOldestDueAge = new Gauge({
    name: 'sms_job_queue_oldest_due_age_seconds',
    help: 'Age of the oldest due job that no worker has taken (0 when none)',
    registers: [databaseRegistry],
  });

  const webhookBacklog = new Gauge({
    name: 'sms_webhook_backlog',
    help: 'Webhook deliveries still pending (first attempt or a retry to come)',
    registers: [databaseRegistry],
  });

  const carrierReceiptsUnmatched = new Gauge({
    name: 'sms_carrier_receipts_unmatched',
    help: 'Final delivery receipts of the last 24 hours that matched no part of their connector (kept, never applied elsewhere: D14)',
    labelNames: ['connector'] as const,
    registers: [databaseRegistry],
  });
  const inboundUnrouted = new Gauge({
    name: 'sms_inbound_unrouted',
    help: 'Inbound messages (MO) of the last 24 hours that no number routed to an app: stored, listed on the operator console (D18)',
    registers: [databaseRegistry],
  });
  const connectorBoundSessions = new Gauge({
    name: 'sms_connector_bound_sessions',
    help: 'Bound SMPP sessions per enabled connector, as its owning worker last reported them (0 without a live lease)',
    labelNames: ['connector'] as const,
    registers: [databaseRegistry],
  });

  const retentionLastRun = new Gauge({
    name: 'sms_retention_last_run_timestamp_seconds',
    help: 'D24: when the partition maintenance (maintain_partitions) last ran, Unix seconds (0: never)',
    registers: [databaseRegistry],
  });
  const retentionPartitionsDropped = new Gauge({
    name: 'sms_retention_partitions_dropped',
    help: 'D24: partitions the maintenance has dropped since the database was created (whole months past RETENTION_DAYS)',
    registers: [databaseRegistry],
  });
  const retentionOldestKept = new Gauge({
    name: 'sms_retention_oldest_kept_timestamp_seconds',
    help: "D24: start of each partitioned table's oldest partition, Unix seconds (0: the first partition, the rows from before partitioning, is still kept)",
    labelNames: ['table'] as const,
    registers: [databaseRegistry],
  });

  const workersAlive = new Gauge({
    name: 'sms_workers_alive',
    help: 'Worker processes whose heartbeat is younger than 30 s',
    registers: [databaseRegistry],
  });
  return { registry, databaseRegistry, httpRequests, httpDuration, sendsAccepted, recipientsTerminal, dispatchLag, webhookAttempts, carrierSubmits, carrierReceipts, carrierMo, inboundMessagesReceived, walletCharged, smppConnectionsRefused, smppProtocolErrors, jobQueueDepth, jobOldestDueAge, webhookBacklog, connectorBoundSessions, carrierReceiptsUnmatched, inboundUnrouted, retentionLastRun, retentionPartitionsDropped, retentionOldestKept, workersAlive };
}

const SHARED = Symbol.for('sms-gateway.metrics');
type WithMetrics = typeof globalThis & { [SHARED]?: ReturnType<typeof createMetrics> };
const g = globalThis as WithMetrics;
const m = (g[SHARED] ??= createMetrics());

export const { registry, databaseRegistry, httpRequests, httpDuration, sendsAccepted, recipientsTerminal, dispatchLag, webhookAttempts, carrierSubmits, carrierReceipts, carrierMo, inboundMessagesReceived, walletCharged, smppConnectionsRefused, smppProtocolErrors, jobQueueDepth, jobOldestDueAge, webhookBacklog, connectorBoundSessions, carrierReceiptsUnmatched, inboundUnrouted, retentionLastRun, retentionPartitionsDropped, retentionOldestKept, workersAlive } = m;
