import { operatorProcedure } from '@/server/api/trpc';
import { ConnectorsOverview } from '@/shared/contracts/connectors';
import { listConnectorDetails } from '@/server/domain/carrier/list-connector-details';

/** Connectors (settings, never the password) with the live state of their sessions, and the routes. */
export const listConnectorsProcedure = operatorProcedure.output(ConnectorsOverview).query(({ ctx }) => listConnectorDetails(ctx.db));
