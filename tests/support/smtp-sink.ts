/**
 * A local SMTP server standing in for the studio's mail provider (the network edge): every
 * message it accepts is written as an .eml file to `dir/outbox`, so tests read real SMTP
 * deliveries with the same reader as the demo's outbox (tests/support/outbox.ts).
 *
 *   const smtp = await startSmtpSink(dir);      // SMTP_URL=smtp://127.0.0.1:${smtp.port}
 *   readOutbox(dir)
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export type SmtpSink = { port: number; close: () => Promise<void> };

export async function startSmtpSink(dir: string): Promise<SmtpSink> {
  const outbox = path.join(dir, "outbox");
  fs.mkdirSync(outbox, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        // written whole under another name, then renamed: a reader sees all of a mail or nothing
        const name = path.join(outbox, `${String(count).padStart(5, "0")}.eml`);
        fs.writeFileSync(`${name}.part`, Buffer.concat(chunks));
        fs.renameSync(`${name}.part`, name);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
