import { describe, expect, it } from "vitest";
import {
  REGIMENES_FISCALES,
  conceptoGlobal,
  emisionGlobal,
  informacionGlobal,
  mesAnterior,
  mesSiguiente,
  rangoDelMes,
  receptorPublicoEnGeneral,
  conceptosDeCompra,
  desglosarIva,
  USOS_CFDI,
  dentroDelMesDeCompra,
  studioMonth,
  usoPermitido,
  validateCancelacion,
  validateDatosFiscales,
  cardFunding,
  formaPagoDe,
} from "./cfdi";

const FISICA = { rfc: "CACX7605101P8", razonSocial: "Xochitl Casas Chavez", regimen: "612", uso: "G03", codigoPostal: "44160" };
const MORAL = { rfc: "EKU9003173C9", razonSocial: "Escuela Kemper Urgate", regimen: "601", uso: "G01", codigoPostal: "26015" };

describe("catalogues", () => {
  it("hold the SAT's codes the form offers", () => {
    const regimenes = REGIMENES_FISCALES.map((r) => r.clave);
    for (const c of ["601", "603", "605", "606", "612", "616", "621", "625", "626"]) expect(regimenes).toContain(c);
    const usos = USOS_CFDI.map((u) => u.clave);
    for (const c of ["G01", "G03", "D01", "S01", "CP01"]) expect(usos).toContain(c);
  });

  it("pair uso and régimen as c_UsoCFDI does", () => {
    expect(usoPermitido("612", "G03")).toBe(true);
    expect(usoPermitido("626", "G01")).toBe(true);
    expect(usoPermitido("605", "G03")).toBe(false); // salaried: no business expenses
    expect(usoPermitido("605", "D01")).toBe(true);
    expect(usoPermitido("601", "D01")).toBe(false); // personal deductions are for people
    expect(usoPermitido("616", "S01")).toBe(true);
    expect(usoPermitido("616", "G03")).toBe(false);
  });
});

describe("validateDatosFiscales", () => {
  it("accepts a persona física and a persona moral, in upper case", () => {
    expect(validateDatosFiscales(FISICA)).toEqual({
      ok: true,
      tipo: "fisica",
      data: { ...FISICA, razonSocial: "XOCHITL CASAS CHAVEZ" },
    });
    expect(validateDatosFiscales({ ...MORAL, razonSocial: "  escuela   kemper urgate " })).toMatchObject({
      ok: true,
      tipo: "moral",
      data: { razonSocial: "ESCUELA KEMPER URGATE" },
    });
  });

  it("checks the RFC first", () => {
    expect(validateDatosFiscales({ ...FISICA, rfc: "CACX7605101P9" })).toMatchObject({ ok: false, field: "rfc" });
    expect(validateDatosFiscales({ ...FISICA, rfc: "x".repeat(500) })).toMatchObject({ ok: false, field: "rfc" });
  });

  it("asks for the name", () => {
    expect(validateDatosFiscales({ ...FISICA, razonSocial: "  " })).toMatchObject({ ok: false, field: "razonSocial" });
    expect(validateDatosFiscales({ ...FISICA, razonSocial: "A".repeat(255) })).toMatchObject({ ok: false, field: "razonSocial" });
  });

  it("refuses a régimen of the other kind of person", () => {
    expect(validateDatosFiscales({ ...FISICA, regimen: "601" })).toMatchObject({
      ok: false,
      field: "regimen",
      message: expect.stringContaining("personas morales"),
    });
    expect(validateDatosFiscales({ ...MORAL, regimen: "612" })).toMatchObject({ ok: false, field: "regimen" });
    expect(validateDatosFiscales({ ...MORAL, regimen: "626" })).toMatchObject({ ok: true });
    expect(validateDatosFiscales({ ...FISICA, regimen: "999" })).toMatchObject({ ok: false, field: "regimen" });
  });

  it("refuses a uso the régimen does not admit", () => {
    expect(validateDatosFiscales({ ...FISICA, regimen: "605", uso: "G03" })).toMatchObject({
      ok: false,
      field: "uso",
      message: "El uso G03 no corresponde al régimen 605 según el SAT",
    });
    expect(validateDatosFiscales({ ...MORAL, uso: "D01" })).toMatchObject({ ok: false, field: "uso" });
    expect(validateDatosFiscales({ ...FISICA, uso: "ZZZ" })).toMatchObject({ ok: false, field: "uso" });
  });

  it("refuses the generic RFC XAXX010101000: a client invoices with her own RFC", () => {
    const generico = { rfc: "XAXX010101000", razonSocial: "Público en general", regimen: "616", uso: "S01", codigoPostal: "44160" };
    for (const rfc of ["XAXX010101000", "xaxx-010101-000", " XAXX 010101 000 "]) {
      expect(validateDatosFiscales({ ...generico, rfc })).toEqual({
        ok: false,
        field: "rfc",
        message: expect.stringContaining("Factura con tu propio RFC: las compras sin factura van en la factura global del mes."),
      });
    }
  });

  it("takes XEXX010101000 for a foreign client as the SAT says: 616, S01 and the lugar de expedición", () => {
    const extranjero = { rfc: "XEXX010101000", razonSocial: "Jane Doe", regimen: "616", uso: "S01", codigoPostal: "44160" };
    expect(validateDatosFiscales(extranjero, { lugarExpedicion: "44160" })).toEqual({
      ok: true,
      tipo: "generico",
      data: { ...extranjero, razonSocial: "JANE DOE" },
    });
    // Left empty, the postal code is the studio's (a foreign client has no Mexican one).
    expect(validateDatosFiscales({ ...extranjero, codigoPostal: "" }, { lugarExpedicion: "44160" })).toMatchObject({
      ok: true,
      data: { codigoPostal: "44160" },
    });
    expect(validateDatosFiscales({ ...extranjero, codigoPostal: "06600" }, { lugarExpedicion: "44160" })).toEqual({
      ok: false,
      field: "codigoPostal",
      message: "Con el RFC de residente en el extranjero el código postal es el del lugar de expedición: 44160",
    });
    expect(validateDatosFiscales({ ...extranjero, regimen: "612", uso: "G03" })).toMatchObject({ ok: false, field: "regimen" });
    expect(validateDatosFiscales({ ...extranjero, uso: "G03" })).toMatchObject({ ok: false, field: "uso" });
    // The default lugar de expedición is the studio's (config/invoicing.ts).
    expect(validateDatosFiscales({ ...extranjero, codigoPostal: "" })).toMatchObject({ ok: true, data: { codigoPostal: "44160" } });
  });

  it("wants a 5-digit postal code", () => {
    for (const codigoPostal of ["", "4416", "441600", "44-16", "abcde"]) {
      expect(validateDatosFiscales({ ...FISICA, codigoPostal })).toMatchObject({ ok: false, field: "codigoPostal" });
    }
  });

  it("treats anything but text as empty", () => {
    expect(validateDatosFiscales({ ...FISICA, rfc: 42 })).toMatchObject({ ok: false, field: "rfc" });
  });
});

describe("the invoicing window", () => {
  it("is the calendar month of the purchase in Guadalajara", () => {
    const compra = new Date("2026-11-03T18:00:00Z");
    expect(dentroDelMesDeCompra(compra, new Date("2026-11-30T23:00:00Z"))).toBe(true); // 17:00 on the 30th there
    expect(dentroDelMesDeCompra(compra, new Date("2026-12-01T07:00:00Z"))).toBe(false); // 01:00 on 1 December
    // 20:00 on 31 October in Guadalajara is already November in UTC
    expect(studioMonth(new Date("2026-11-01T02:00:00Z"))).toBe("2026-10");
  });
});

describe("validateCancelacion", () => {
  it("takes the SAT's four reasons; 01 needs the replacing UUID", () => {
    expect(validateCancelacion("02", "")).toEqual({ ok: true, motivo: "02", sustitucion: null });
    expect(validateCancelacion("03", "x")).toEqual({ ok: true, motivo: "03", sustitucion: null });
    expect(validateCancelacion("05", "")).toMatchObject({ ok: false });
    expect(validateCancelacion("01", "")).toMatchObject({ ok: false, message: expect.stringContaining("UUID") });
    expect(validateCancelacion("01", "9ad4e3f1-1b2c-4d5e-8f70-123456789abc")).toEqual({
      ok: true,
      motivo: "01",
      sustitucion: "9AD4E3F1-1B2C-4D5E-8F70-123456789ABC",
    });
  });
});

describe("conceptosDeCompra", () => {
  it("splits each line's IVA-included total into base and IVA, shipping last", () => {
    const conceptos = conceptosDeCompra(
      [
        { nombre: "Pigmento", precio: 35_050, cantidad: 2, curso: false },
        { nombre: "Curso", precio: 499_000, cantidad: 1, curso: true },
      ],
      19_900,
    );
    expect(conceptos.map((c) => [c.tipo, c.importe, c.base, c.iva])).toEqual([
      ["producto", 70_100, 60_431, 9_669],
      ["curso", 499_000, 430_172, 68_828],
      ["envio", 19_900, 17_155, 2_745],
    ]);
    for (const c of conceptos) expect(c.base + c.iva).toBe(c.importe);
    expect(desglosarIva(116)).toEqual({ base: 100, iva: 16 });
  });

  it("takes a whole-order code off the products in proportion, so the conceptos add up to what was charged", () => {
    const lines = [
      { nombre: "Pigmento", precio: 35_050, cantidad: 2, curso: false },
      { nombre: "Paleta", precio: 29_999, cantidad: 1, curso: false },
      { nombre: "Curso", precio: 499_000, cantidad: 1, curso: true },
    ];
    const descuento = 10_011; // 10 % of the products' 100,099, floored
    const conceptos = conceptosDeCompra(lines, 19_900, 0.16, descuento);
    expect(conceptos.map((c) => c.descuento)).toEqual([7_010, 3_001, 0, 0]);
    const charged = 70_100 + 29_999 + 499_000 + 19_900 - descuento;
    expect(conceptos.reduce((s, c) => s + c.base + c.iva, 0)).toBe(charged);
    for (const c of conceptos) expect(c.base + c.iva).toBe(c.importe - c.descuento);
  });
});

describe("formaPagoDe (c_FormaPago of how the order was paid)", () => {
  it("OXXO is 01 efectivo, SPEI 03 transferencia", () => {
    expect(formaPagoDe({ metodo: "oxxo" })).toBe("01");
    expect(formaPagoDe({ metodo: "spei" })).toBe("03");
    // money the studio received itself (a course granted for cash or a transfer)
    expect(formaPagoDe({ metodo: "efectivo" })).toBe("01");
    expect(formaPagoDe({ metodo: "transferencia" })).toBe("03");
  });

  it("a card is 04 crédito or 28 débito from its funding", () => {
    expect(formaPagoDe({ metodo: "tarjeta", funding: "credit" })).toBe("04");
    expect(formaPagoDe({ metodo: "tarjeta", funding: "debit" })).toBe("28");
    // Prepaid: the client's own money, as a débito card. Unknown or not recorded: 04, as before.
    expect(formaPagoDe({ metodo: "tarjeta", funding: "prepaid" })).toBe("28");
    expect(formaPagoDe({ metodo: "tarjeta", funding: "unknown" })).toBe("04");
    expect(formaPagoDe({ metodo: "tarjeta" })).toBe("04");
    expect(formaPagoDe({ metodo: null, funding: null })).toBe("04");
  });

  it("meses sin intereses is 04 (credit; the bank pays the studio in full)", () => {
    expect(formaPagoDe({ metodo: "tarjeta", funding: "credit", meses: 6 })).toBe("04");
    expect(formaPagoDe({ metodo: "tarjeta", funding: "debit", meses: 3 })).toBe("04");
  });

  it("reads the providers' words for the funding", () => {
    expect(cardFunding("credit")).toBe("credit");
    expect(cardFunding("Debit")).toBe("debit");
    expect(cardFunding("debito")).toBe("debit");
    expect(cardFunding("prepaid")).toBe("prepaid");
    expect(cardFunding("unknown")).toBe("unknown");
    expect(cardFunding("amex")).toBeUndefined();
    expect(cardFunding(42)).toBeUndefined();
  });
});

describe("the monthly global invoice", () => {
  it("names the month as InformacionGlobal wants it and finds the month before and after", () => {
    expect(informacionGlobal("2026-11")).toEqual({ periodicidad: "04", meses: "11", anio: 2026 });
    expect(mesAnterior("2026-01")).toBe("2025-12");
    expect(mesAnterior("2026-11")).toBe("2026-10");
    expect(mesSiguiente("2026-12")).toBe("2027-01");
    expect(() => informacionGlobal("2026-13")).toThrow();
  });

  it("spans the month in Guadalajara time and is issued on the 3rd of the next one", () => {
    const { desde, hasta } = rangoDelMes("2026-11");
    expect(desde.toISOString()).toBe("2026-11-01T06:00:00.000Z");
    expect(hasta.toISOString()).toBe("2026-12-01T06:00:00.000Z");
    expect(emisionGlobal("2026-12").toISOString()).toBe("2027-01-03T12:00:00.000Z");
  });

  it("is addressed to the general public: XAXX010101000, régimen 616, uso S01", () => {
    expect(receptorPublicoEnGeneral("44160")).toEqual({
      rfc: "XAXX010101000",
      razonSocial: "PUBLICO EN GENERAL",
      regimen: "616",
      uso: "S01",
      codigoPostal: "44160",
    });
  });

  it("makes one concept per order with the base and IVA its own invoice states", () => {
    const lines = [
      { nombre: "Pigmento", precio: 35_050, cantidad: 2, curso: false },
      { nombre: "Curso", precio: 99_999, cantidad: 1, curso: true },
    ];
    const own = conceptosDeCompra(lines, 19_900);
    const total = own.reduce((s, c) => s + c.importe, 0);
    const c = conceptoGlobal({ id: "C1", total, envio: 19_900 }, lines);
    expect(c).toMatchObject({ tipo: "venta", noIdentificacion: "C1", cantidad: 1, importe: total, precio: total });
    expect(c.base).toBe(own.reduce((s, x) => s + x.base, 0));
    expect(c.iva).toBe(own.reduce((s, x) => s + x.iva, 0));
    expect(c.base + c.iva).toBe(total);
    // lines that do not add up (a whole-order discount): the total paid, split once
    const discounted = conceptoGlobal({ id: "C2", total: 100_000, envio: 0 }, lines);
    expect(discounted).toMatchObject({ importe: 100_000, ...desglosarIva(100_000) });
  });
});
