import type { MultiDestination } from '../codec/read-pdu';

/**
 * What the SMPP listener asks of the rest of the system: who may bind, what a submit becomes, what is owed to
 * whom. The listener answers PDUs, caps sessions and throughput per session, and keeps time; every decision and
 * every row is behind this port, which the process that starts the listener supplies (scripts/smpp.ts). `App` is
 * the port's own record of a bound application: the listener only reads its appId and hands it back.
 */
export type ServerPort<App extends { appId: string }> = {
  /** Checks a bind (throttling, credentials) and registers the session; a refusal says its status, logged by the port. */
  bind(request: BindRequest): Promise<BindAnswer<App>>;
  /** The session ended: its registration goes. */
  unbind(bindId: number): Promise<void>;
  /** The live sessions' registrations, renewed (the listener's heartbeat). */
  refresh(bindIds: number[]): Promise<void>;
  /** One submit_sm of the app's throughput (`tps` per second); false: answer ESME_RTHROTTLED. */
  takeTps(app: App, tps: number): Promise<boolean>;
  submit(app: App, request: SubmitRequest, now: Date): Promise<SubmitAnswer>;
  /** query_sm: null when the app has no such message. */
  query(app: App, messageId: string): Promise<QueryAnswer | null>;
  /** Delivery receipts owed to the apps' ESMEs. */
  receipts: OwedQueue;
  /** MO owed to the apps' ESMEs. */
  mo: OwedQueue;
};

export type BindMode = 'transmitter' | 'receiver' | 'transceiver';
export type BindRequest = { systemId: string; password: string; mode: BindMode; address: string | null; remote: string };
export type BindAnswer<App> = { status: 0; app: App; tps: number; bindId: number } | { status: number; reason: string };

/** The fields of a submit_sm or submit_multi as read from its octets (codec/read-pdu.ts). */
export type SubmitRequest = {
  source_addr: string;
  esm_class: number;
  data_coding: number;
  registered_delivery: number;
  short_message: Buffer;
  message_payload?: Buffer;
} & ({ destination_addr: string } | { destinations: MultiDestination[] });

/** An address submit_multi could not take, as submit_multi_resp lists it. */
export type Unsuccessful = { dest_addr_ton: number; dest_addr_npi: number; destination_addr: string; error_status_code: number };
export type SubmitAnswer = { messageId: string; unsuccess?: Unsuccessful[] } | { status: number; reason: string };

export type QueryAnswer = { messageId: string; finalDate: string; messageState: number; errorCode: number };

/**
 * deliver_sm owed to apps (a receipt is one, an MO one per part): claimed for this listener, pushed in order, and
 * settled: those whose every part was answered 0, and the others with how many parts were (tried again later).
 */
export type OwedQueue = {
  claim(appIds: string[], limit: number): Promise<Owed[]>;
  settle(done: number[], left: Array<{ id: number; partsDone: number }>): Promise<void>;
  /** Hands back claims held too long and drops what expired (every 30 s or so). */
  sweep(): Promise<void>;
};
export type Owed = { id: number; appId: string; deliverSms: Array<Record<string, unknown>>; partsDone: number };
