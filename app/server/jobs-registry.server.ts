/**
 * Every kind of scheduled job, registered once (app/server/jobs.server.ts, ADR 023). Each
 * feature registers its handlers in a module of its own; importing this module registers
 * them all (server/app.ts does, before starting the runner).
 */
import "./booking/reminders.server";
import "./shop/pending-payment-jobs.server";
// the "anticipo" subject of the pending-payment jobs (OXXO/SPEI deposits)
import "./booking/deposit-pending.server";
