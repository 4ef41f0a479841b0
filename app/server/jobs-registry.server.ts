/**
 * Every kind of scheduled job, registered once (app/server/jobs.server.ts, ADR 023). Each
 * feature registers its handlers in a module of its own; importing this module registers
 * them all (server/app.ts does, before starting the runner). The upkeep the runner does on
 * every tick is registered here too.
 */
import "./booking/reminders.server";
// the PDF copy of a signed consent (issue 30)
import "./booking/consent-mail.server";
// the waitlist's offers and the aftercare sequence up to the retoque (issue 30, ADR 042)
import "./booking/waitlist.server";
import "./booking/aftercare.server";
import "./payments/pending-jobs.server";
// the things a payment pays for (payments/payable.server.ts): the shop's order, an appointment's deposit
import "./shop/order-payment.server";
import "./booking/deposit-payable.server";
// refunds through the provider, retried until the provider answered (issue 28)
import "./payments/refunds.server";
// the monthly global invoice to the general public (issue 28)
import "./invoicing/global.server";
// notas de crédito of refunds and the cancellation of a cancelled order's CFDI (ADR 034)
import "./invoicing/credit-notes.server";
// a guía whose purchase was not confirmed, retried with the same key (ADR 036); the abandoned-cart reminder
import "./shipping/guias.server";
import "./shop/abandoned-cart.server";
// a diploma's renewal reminder 30 days before it expires (issue 31, ADR 047)
import "./school/diploma-renewal.server";
// the daily backup (ADR 029)
import "./backup/job.server";
// lesson videos transcoded to HLS for phones (issue 31, ADR 048)
import "./school/transcode.server";
import { foldPiledOrderCounters } from "./admin/orders.server";
import { registerPeriodicTask } from "./jobs.server";
import { deliverDueMail } from "./mail.server";
import { deliverDueMessages } from "./messages/messages.server";

// The order counters' delta rows folded (ADR 020): the runner's work, not the admin pages'.
registerPeriodicTask("contadores de compras", foldPiledOrderCounters);
// The mail outbox's retries (ADR 028): due rows, and rows whose claiming process died.
// WhatsApp first (ADR 039): due messages sent, a failure's mail queued and sent; before the mail's retries.
registerPeriodicTask("mensajes", (db) => deliverDueMessages(db));
registerPeriodicTask("correos", (db) => deliverDueMail(db));
