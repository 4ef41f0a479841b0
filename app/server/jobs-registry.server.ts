/**
 * Every kind of scheduled job, registered once (app/server/jobs.server.ts, ADR 023). Each
 * feature registers its handlers in a module of its own; importing this module registers
 * them all (server/app.ts does, before starting the runner).
 */
import "./booking/reminders.server";
