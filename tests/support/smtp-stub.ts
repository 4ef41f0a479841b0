/**
 * A local SMTP server (smtp-server) standing in for the studio's mail provider: it keeps
 * every message it accepts, can refuse for a while (451, as a provider that is down or
 * throttling), and can leave STARTTLS out (a server that would take a password in clear).
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { raw: string; messageId: string; to: string[] };

export type SmtpStub = {
  /** smtp://host:port for SMTP_URL */
  url: string;
  received: ReceivedMail[];
  /** while true, every MAIL FROM is answered 451 */
  refusing: boolean;
  /** resolves once `n` messages were accepted (no timer: the test's own timeout bounds it) */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtpStub(options: { host?: string } = {}): Promise<SmtpStub> {
  const host = options.host ?? "127.0.0.1";
  const waiting: { n: number; resolve: () => void }[] = [];
  const stub: SmtpStub = {
    url: "",
    received: [],
    refusing: false,
    waitFor: (n) =>
      stub.received.length >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    // no STARTTLS offered: a client that requires TLS must refuse to go on
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, session, callback) {
      if (!stub.refusing) return callback();
      // the reply names the recipient, as real servers do: it must not reach our logs or table
      const error = Object.assign(new Error(`Servicio no disponible para <ana@example.com> (${session.id})`), {
        responseCode: 451,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = raw.match(/^Message-ID:\s*(.*)$/im)?.[1]?.trim() ?? "";
        stub.received.push({ raw, messageId, to: session.envelope.rcptTo.map((r) => r.address) });
        for (const w of [...waiting]) {
          if (stub.received.length >= w.n) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve();
          }
        }
        callback();
      });
    },
  });
  server.listen(0, host);
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  stub.url = `smtp://${host}:${port}`;
  return stub;
}
