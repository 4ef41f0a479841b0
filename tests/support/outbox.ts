/**
 * Reads the mails the server wrote to DATA_DIR/outbox (tests without SMTP_URL), and makes the
 * outbox table refuse writes (a database failing at that moment).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";

export type OutboxMail = { file: string; raw: string; to: string; subject: string };

/** The subject of the 'Confirma tu correo' mail every e-mail sign-up sends (issue 25). */
export const VERIFICATION_SUBJECT = "Confirma tu correo | Michel Alvarez";

/** A mail other than the sign-up's verification link: for tests that count an account's other mails. */
export const notVerification = (mail: OutboxMail) => mail.subject !== VERIFICATION_SUBJECT;

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      // A long header is folded over several lines (each continuation starts with a space).
      const header = (name: string) =>
        raw
          .match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "mi"))?.[1]
          ?.replace(/\r?\n[ \t]+/g, " ")
          .trim() ?? "";
      return { file, raw, to: header("To"), subject: decodeMimeWords(header("Subject")) };
    });
}

/** Decodes =?UTF-8?Q?...?= / =?UTF-8?B?...?= subject words. */
function decodeMimeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) => {
    if (enc.toLowerCase() === "b") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text
      .replace(/_/g, " ")
      .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  });
}

/** The decoded text of the parts of a mail whose Content-Type starts with `type` (an .ics, an XML). */
export function mailParts(raw: string, type: string): string[] {
  const found: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^Content-Type: ${type.replace("/", "\\/")}`, "mi").test(head)) continue;
    const body = rest.join("\n\n");
    const encoding = head
      .match(/^Content-Transfer-Encoding: (.*)$/im)?.[1]
      ?.trim()
      .toLowerCase();
    if (encoding === "base64") found.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else if (encoding === "quoted-printable")
      found.push(
        Buffer.from(
          body
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
      );
    else found.push(body);
  }
  return found;
}

/**
 * Makes the database refuse every write to the mail outbox (`correos`), as a database that
 * fails at that moment would: a trigger that raises. `acceptOutboxWrites` removes it.
 */
export async function refuseOutboxWrites(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create or replace function correos_rechaza() returns trigger language plpgsql as $$
      begin raise exception 'la bandeja de salida no acepta escrituras (prueba)'; end $$`),
  );
  await db.execute(
    sql.raw("create trigger correos_rechaza before insert on correos for each row execute function correos_rechaza()"),
  );
}

export async function acceptOutboxWrites(db: Db): Promise<void> {
  await db.execute(sql.raw("drop trigger if exists correos_rechaza on correos"));
  await db.execute(sql.raw("drop function if exists correos_rechaza()"));
}
