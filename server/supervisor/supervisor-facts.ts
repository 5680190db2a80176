/**
 * What the launcher (the supervisor, scripts/run.ts) tells its web child about
 * the restarts of its children, so that GET /health, answered by the web
 * process, can show them (`checks.supervisor`). The supervisor spawns the web
 * process with an IPC channel: the child asks once it listens (`hello`), the
 * supervisor answers and sends again on every restart. Kept on globalThis, so
 * the REST listener and Next.js's own bundle of the same code read one copy.
 */
export type ProcessFacts = {
  restarts: number;
  /** Epoch ms of the restarts within the crash-loop window. */
  recent: number[];
  lastExit: string | null;
  /** Epoch ms of the last exit. */
  lastExitAt: number | null;
};
export type SupervisorFacts = { web?: ProcessFacts; worker?: ProcessFacts; smpp?: ProcessFacts };

export type SupervisorMessage = { type: 'supervisor-facts'; facts: SupervisorFacts };
export type ChildMessage = { type: 'supervisor-hello' };

export const isChildHello = (m: unknown): m is ChildMessage => (m as ChildMessage | null)?.type === 'supervisor-hello';

const KEY = Symbol.for('sms-gateway.supervisor-facts');
type Holder = { [KEY]?: SupervisorFacts };

/** The latest facts from the supervisor; undefined in a process it did not start (tests, a bare web.ts). */
export function supervisorFacts(): SupervisorFacts | undefined {
  return (globalThis as Holder)[KEY];
}

/** In a child of the supervisor: record what it sends from now on, and ask for the current facts. */
export function listenToSupervisor(): void {
  if (!process.send) return;
  process.on('message', (m: unknown) => {
    if ((m as SupervisorMessage | null)?.type === 'supervisor-facts') (globalThis as Holder)[KEY] = (m as SupervisorMessage).facts;
  });
  process.send({ type: 'supervisor-hello' } satisfies ChildMessage, () => {});
}
