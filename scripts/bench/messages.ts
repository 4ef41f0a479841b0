/**
 * Messages sent per minute by the job runner (issue 30, ADR 039), side by side in one run:
 *
 * - WhatsApp through the Cloud API's local stand-in (tests/support/whatsapp-stub.ts) answering
 *   at once, and answering after a Graph-like round trip (DELAY_MS, 150 ms by default);
 * - the demo's provider (no network at all): the runner's own cost per message, its floor;
 * - the same number of mails through the mail outbox to a local SMTP server (the reference:
 *   the channel every message had before WhatsApp).
 *
 * Each case queues N messages with `queueClientMessage` (N=500 by default) and times the
 * runner's upkeep (`deliverDueMessages`, then `deliverDueMail` for the mails) until all are
 * sent; one runner, as in production. On PGlite by default; DATABASE_URL=postgres://… runs it
 * on a PostgreSQL server (the database is emptied of messages first).
 *
 *   npm run bench:messages             # writes its table into docs/benchmarks.md
 *   N=200 DELAY_MS=300 WRITE=0 npm run bench:messages
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createAppContext, runInAppContext, useAppContext } from "../../app/server/context.server";
import { type Database, openDatabase, queryRows } from "../../app/server/db/client.server";
import { deliverDueMail } from "../../app/server/mail.server";
import { deliverDueMessages, queueClientMessage } from "../../app/server/messages/messages.server";
import {
  type WhatsAppProvider,
  cloudApiProvider,
  demoWhatsAppProvider,
} from "../../app/server/messages/provider.server";
import { startSmtpSink } from "../../tests/support/smtp-sink";
import { STUB_PHONE_ID, STUB_TOKEN, startWhatsAppStub } from "../../tests/support/whatsapp-stub";
import { replaceSection } from "./doc";

const N = Number(process.env.N ?? 500);
const DELAY_MS = Number(process.env.DELAY_MS ?? 150);
const WRITE = process.env.WRITE !== "0";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-messages-"));
const smtp = await startSmtpSink(dir);
const stub = await startWhatsAppStub();
const base = createAppContext();
const context = createAppContext({
  config: {
    dataDir: path.join(dir, "data"),
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    // WhatsApp configured (its messages are queued for WhatsApp); each case passes its provider
    whatsapp: { ...base.config.whatsapp, token: STUB_TOKEN, phoneId: STUB_PHONE_ID, apiUrl: stub.url },
  },
});
useAppContext(context);

const url = process.env.DATABASE_URL;
const database: Database = await openDatabase(url ? { url } : { dataDir: path.join(dir, "data") });
context.database = database;
await database.migrate();
const db = database.db;

const stubProvider: WhatsAppProvider = cloudApiProvider({
  token: STUB_TOKEN,
  phoneId: STUB_PHONE_ID,
  apiUrl: stub.url,
  apiVersion: "v23.0",
  timeoutMs: 10_000,
});

async function queue(label: string, whatsapp: boolean) {
  await db.execute(sql`delete from mensajes`);
  await db.execute(sql`delete from correos`);
  for (let i = 0; i < N; i++) {
    await queueClientMessage(db, {
      recipient: { email: `clienta${i}@example.com`, phone: `33${String(10_000_000 + i)}`, optedIn: whatsapp },
      clave: `bench:${label}:${i}`,
      mail: { subject: "Tu cita está confirmada", text: `Hola, tu cita ${i} está confirmada.`, html: "<p>Hola</p>" },
      whatsapp: {
        template: "cita_confirmada",
        params: ["Clienta", "Microblading", "lunes 7 de diciembre, 11:00", "https://michelalvarez.mx/mis-citas"],
      },
    });
  }
}

type Row = { label: string; seconds: number; perMinute: number; sent: number };
const rows: Row[] = [];

async function measure(label: string, whatsapp: boolean, deliver: () => Promise<unknown>) {
  await queue(label, whatsapp);
  const started = performance.now();
  await deliver();
  const seconds = (performance.now() - started) / 1000;
  const [counted] = await queryRows<{ n: number }>(
    db,
    whatsapp
      ? sql`select count(*)::int as n from mensajes where estado = 'enviado'`
      : sql`select count(*)::int as n from correos where estado = 'enviado'`,
  );
  const sent = Number(counted?.n ?? 0);
  rows.push({ label, seconds, perMinute: (sent / seconds) * 60, sent });
  console.log(`${label}: ${sent}/${N} in ${seconds.toFixed(2)} s`);
}

try {
  await runInAppContext(context, async () => {
    await measure("WhatsApp, demo provider (no network: the runner's own cost)", true, () =>
      deliverDueMessages(db, { provider: demoWhatsAppProvider }),
    );
    stub.delayMs = 0;
    await measure("WhatsApp, Cloud API stand-in answering at once", true, () =>
      deliverDueMessages(db, { provider: stubProvider }),
    );
    stub.delayMs = DELAY_MS;
    await measure(`WhatsApp, Cloud API stand-in answering in ${DELAY_MS} ms`, true, () =>
      deliverDueMessages(db, { provider: stubProvider }),
    );
    await measure("Mail through the outbox to a local SMTP server (reference)", false, () => deliverDueMail(db));
  });
} finally {
  await database.close();
  await stub.close();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
const load = os.loadavg()[0]!.toFixed(1);
const table = [
  "| how | sent | seconds | per minute |",
  "|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.sent} of ${N} | ${r.seconds.toFixed(2)} | ${Math.round(r.perMinute).toLocaleString("en-US")} |`,
  ),
].join("\n");
console.log(`\n${table}`);

if (WRITE) {
  const START = "<!-- bench:messages -->";
  const END = "<!-- /bench:messages -->";
  replaceSection(
    START,
    END,
    `${START}
## Messages per minute — \`npm run bench:messages\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)

${N} client messages queued, then sent by one runner (\`deliverDueMessages\`, 20 a round, one after another), on
${url ? "PostgreSQL" : "PGlite"}; ${cpu}, ${os.cpus().length} cores, load ${load} at the end; beside them the same number of mails to local SMTP.

${table}

One message at a time: the Cloud API's round trip sets the rate (a studio sends tens a day).
Each mail opens its own SMTP connection (~${Math.round((rows.at(-1)!.seconds * 1000) / N)} ms against the local server).
${END}`,
  );
}
