-- Issue 34: the CFDI module owns the hourly check of cancellations at the SAT, and names it.
-- Its waiting (or running) periodic job keeps its place under the new name.
UPDATE "jobs" SET "kind" = 'cfdi.cancelaciones', "dedupe_key" = 'every:cfdi.cancelaciones'
  WHERE "kind" = 'invoices.cfdi-cancellations' AND "status" IN ('pending', 'running');
--> statement-breakpoint
UPDATE "jobs" SET "kind" = 'cfdi.cancelaciones' WHERE "kind" = 'invoices.cfdi-cancellations';
