// engine-neutral: pure functions, no database
import { describe, expect, it } from "vitest";
import {
  WHATSAPP_TEMPLATES,
  advances,
  cleanParameter,
  fillsTemplate,
  isOptOut,
  parseWebhook,
  templatePayload,
  whatsappNumber,
} from "./whatsapp";

describe("whatsappNumber", () => {
  it("gives Mexico's 10 digits the country code, and drops the old mobile 1", () => {
    expect(whatsappNumber("33 1234 5678")).toBe("523312345678");
    expect(whatsappNumber("(33) 1234-5678")).toBe("523312345678");
    expect(whatsappNumber("+52 1 33 1234 5678")).toBe("523312345678");
    expect(whatsappNumber("+52 33 1234 5678")).toBe("523312345678");
    expect(whatsappNumber("+1 415 555 0100")).toBe("14155550100");
  });
  it("refuses what is not a phone number", () => {
    for (const bad of ["", null, undefined, "12ab", "1234", "correo@example.com", "0".repeat(12), "9".repeat(50)]) {
      expect(whatsappNumber(bad)).toBeNull();
    }
  });
});

describe("templates", () => {
  it("every template's parameters are filled in order; a wrong count is not a template message", () => {
    expect(fillsTemplate("cita_confirmada", ["Ana", "Microblading", "lunes", "https://x/cita/t"])).toBe(true);
    expect(fillsTemplate("cita_confirmada", ["Ana"])).toBe(false);
    expect(fillsTemplate("inventada", [])).toBe(false);
    expect(Object.keys(WHATSAPP_TEMPLATES)).toContain("cita_recordatorio_2h");
  });
  it("builds the Cloud API's template body, parameters without new lines or long runs of spaces", () => {
    expect(templatePayload("523312345678", "cita_cancelada", ["Ana", "Micro\nblading", "lunes    10:00"])).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "523312345678",
      type: "template",
      template: {
        name: "cita_cancelada",
        language: { code: "es_MX" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "Micro blading" },
              { type: "text", text: "lunes 10:00" },
            ],
          },
        ],
      },
    });
    expect(cleanParameter("   ")).toBe("—");
    expect(cleanParameter("x".repeat(5000))).toHaveLength(1024);
  });
});

describe("statuses", () => {
  it("move forward only; failed ends a message not yet read", () => {
    expect(advances("enviado", "entregado")).toBe(true);
    expect(advances("entregado", "leido")).toBe(true);
    expect(advances("leido", "entregado")).toBe(false);
    expect(advances("entregado", "entregado")).toBe(false);
    expect(advances("enviado", "fallido")).toBe(true);
    expect(advances("leido", "fallido")).toBe(false);
    expect(advances("fallido", "leido")).toBe(false);
    expect(advances("fallido", "fallido")).toBe(false);
  });
});

describe("parseWebhook", () => {
  const envelope = (value: unknown) => ({
    object: "whatsapp_business_account",
    entry: [{ changes: [{ field: "messages", value }] }],
  });
  it("reads statuses (with the first error) and text replies", () => {
    const parsed = parseWebhook(
      envelope({
        statuses: [
          { id: "wamid.A", status: "delivered", timestamp: "1764300000" },
          {
            id: "wamid.B",
            status: "failed",
            timestamp: "1764300060",
            errors: [{ code: 131026, title: "Message undeliverable" }],
          },
          { id: "wamid.C", status: "deleted" },
        ],
        messages: [
          { from: "5213312345678", type: "text", text: { body: "BAJA" } },
          { from: "5213312345678", type: "image" },
        ],
      }),
    );
    expect(parsed.statuses).toEqual([
      { id: "wamid.A", state: "entregado", at: new Date(1764300000 * 1000) },
      { id: "wamid.B", state: "fallido", at: new Date(1764300060 * 1000), error: "131026 Message undeliverable" },
    ]);
    expect(parsed.replies).toEqual([{ from: "5213312345678", text: "BAJA" }]);
  });
  it("never throws on what is not a notification", () => {
    for (const junk of [
      null,
      1,
      "x",
      {},
      { entry: "x" },
      { entry: [null, { changes: [null, { value: { statuses: "x" } }] }] },
    ]) {
      expect(parseWebhook(junk)).toEqual({ statuses: [], replies: [] });
    }
  });
});

describe("isOptOut", () => {
  it("BAJA or STOP, whatever the case, accents or punctuation", () => {
    for (const yes of ["BAJA", "baja", " Baja. ", "STOP", "stop!", "Dar me de baja"]) expect(isOptOut(yes)).toBe(true);
    for (const no of ["Hola", "bajá el precio", "no baja", ""]) expect(isOptOut(no)).toBe(false);
  });
});
