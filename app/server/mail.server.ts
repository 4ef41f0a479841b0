/**
 * Outgoing mail through nodemailer. With SMTP_URL set, real delivery; otherwise each message
 * is written to DATA_DIR/outbox as an .eml file (readable by people and by tests).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env, outboxDir } from "./env.server";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** files sent with the mail: an invoice's PDF and XML, an appointment's .ics */
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
};

export async function sendMail(mail: Mail): Promise<void> {
  const message = { from: env.mailFrom, ...mail };
  if (env.smtpUrl) {
    const url = new URL(env.smtpUrl);
    // Servers on this host (tests, a local relay) speak plain SMTP without STARTTLS.
    const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      ignoreTLS: local,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    });
    await transport.sendMail(message);
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(message);
  await fs.mkdir(outboxDir(), { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
  await fs.writeFile(path.join(outboxDir(), name), info.message as Buffer);
}

/** A simple branded HTML frame for every mail. `body` is trusted HTML built by our code. */
export function mailLayout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="margin:0;background:#fbf7f2;font-family:Helvetica,Arial,sans-serif;color:#2b211d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-family:Georgia,serif;font-size:28px;color:#4a3630;text-align:center">Michel Alvarez</td></tr>
<tr><td style="padding-top:8px;font-size:20px;color:#b47a63;text-align:center">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:24px;font-size:15px;line-height:1.6">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
