import { createDb } from '@/db/client';
import { deriveReceipts } from '@/server/domain/smpp-access/receipts';

/**
 * One run of the SMPP receipts consumer (a batch of BATCH events), as a listener process makes it, in a process of its
 * own that the test kills while the run's statement is in the database. Prints what it derived, which a killed process
 * never does.
 */
const db = createDb(process.env.DATABASE_URL!, { max: 1 });
const derived = await deriveReceipts(db, { batch: Number(process.env.BATCH), budgetMs: 0 });
console.log(JSON.stringify({ derived }));
process.exit(0);
