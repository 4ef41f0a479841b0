import { describe, expect, it } from "vitest";
import {
  CHECKOUT_FIELD_ORDER,
  CHECKOUT_MAX_LENGTH,
  type CheckoutField,
  fieldLabel,
  SHIPPING_REQUIRED,
  validateCheckoutForm,
} from "./checkout";

const VALID = {
  nombre: "Ana",
  apellido: "López",
  direccion: "Av. Chapultepec 480, Int. 3",
  colonia: "Americana",
  codigo_postal: "44160",
  ciudad: "Guadalajara",
  estado: "Jalisco",
  pais: "México",
  correo: "ana@example.mx",
  telefono: "33-3333-3333",
};

function without(...fields: CheckoutField[]) {
  const copy: Record<string, unknown> = { ...VALID };
  for (const f of fields) delete copy[f];
  return copy;
}

describe("CHECKOUT_FIELD_ORDER", () => {
  it("follows the spec's check order with colonia last", () => {
    expect(CHECKOUT_FIELD_ORDER).toEqual([
      "nombre",
      "apellido",
      "correo",
      "direccion",
      "telefono",
      "estado",
      "ciudad",
      "codigo_postal",
      "pais",
      "colonia",
    ]);
  });
});

describe("fieldLabel", () => {
  it("names codigo_postal as 'codigo postal' and other fields by their name", () => {
    expect(fieldLabel("codigo_postal")).toBe("codigo postal");
    expect(fieldLabel("nombre")).toBe("nombre");
    expect(fieldLabel("colonia")).toBe("colonia");
    expect(fieldLabel("telefono")).toBe("telefono");
  });
});

describe("SHIPPING_REQUIRED", () => {
  it("asks for the shipping option", () => {
    expect(SHIPPING_REQUIRED).toMatchObject({
      title: "Faltan llenar datos!",
      text: "Llena el dato de envío",
    });
  });
});

describe("validateCheckoutForm", () => {
  it("accepts a complete form, trimming values and keeping the phone as 10 digits", () => {
    const result = validateCheckoutForm({
      ...VALID,
      nombre: "  Ana  ",
      correo: " ana@example.mx ",
    });
    expect(result).toEqual({
      ok: true,
      data: { ...VALID, nombre: "Ana", correo: "ana@example.mx", telefono: "3333333333" },
    });
  });

  it("ignores fields that are not part of the form", () => {
    const result = validateCheckoutForm({ ...VALID, extra: "x" });
    expect(result.ok && Object.keys(result.data).sort()).toEqual([...CHECKOUT_FIELD_ORDER].sort());
  });

  it.each(CHECKOUT_FIELD_ORDER.map((f) => [f]))("requires %s", (field) => {
    expect(validateCheckoutForm(without(field))).toEqual({
      ok: false,
      field,
      icon: "error",
      title: "Faltan llenar datos!",
      text: `Llena el dato de ${fieldLabel(field)}`,
    });
  });

  it("says 'codigo postal' for a missing postal code", () => {
    expect(validateCheckoutForm(without("codigo_postal"))).toMatchObject({
      text: "Llena el dato de codigo postal",
    });
  });

  it("reports the first missing field in the spec's order", () => {
    expect(validateCheckoutForm({})).toMatchObject({ field: "nombre" });
    expect(validateCheckoutForm(without("pais", "correo", "colonia"))).toMatchObject({
      field: "correo",
    });
    expect(validateCheckoutForm(without("ciudad", "telefono"))).toMatchObject({
      field: "telefono",
    });
    expect(validateCheckoutForm(without("colonia", "pais"))).toMatchObject({ field: "pais" });
  });

  it("reports a missing field before an invalid one", () => {
    expect(validateCheckoutForm({ ...without("colonia"), correo: "no-es-correo" })).toMatchObject({
      field: "colonia",
    });
  });

  it.each([["   "], [""], [null], [undefined], [42], [["Ana"]]])(
    "treats %j as missing",
    (value) => {
      expect(validateCheckoutForm({ ...VALID, nombre: value })).toMatchObject({
        ok: false,
        field: "nombre",
        text: "Llena el dato de nombre",
      });
    },
  );

  it.each(["ana@gmail.com", "ana.lopez+pedidos@correo.example.com.mx", "A_B@sub-dominio.mx"])(
    "accepts the email %s",
    (correo) => {
      expect(validateCheckoutForm({ ...VALID, correo }).ok).toBe(true);
    },
  );

  it.each([
    "ana",
    "ana@",
    "@gmail.com",
    "ana@gmail",
    "ana @gmail.com",
    "ana@gmail.c",
    "ana@@gmail.com",
    "ana@-gmail.com",
  ])("rejects the email %s", (correo) => {
    expect(validateCheckoutForm({ ...VALID, correo })).toEqual({
      ok: false,
      field: "correo",
      icon: "error",
      title: "Faltan llenar datos!",
      text: "El correo no es válido",
    });
  });

  it.each([
    ["3333333333", "3333333333"],
    ["33 3333 3333", "3333333333"],
    ["(33) 3333-3333", "3333333333"],
    ["33.3333.3333", "3333333333"],
    ["33-3616-7425", "3336167425"],
  ])("accepts the phone %s as %s", (telefono, digits) => {
    const result = validateCheckoutForm({ ...VALID, telefono });
    expect(result.ok && result.data.telefono).toBe(digits);
  });

  it.each(["333333333", "33333333333", "33-3333-333a", "+52 33 3333 3333", "33/3333/3333", "----"])(
    "rejects the phone %s",
    (telefono) => {
      expect(validateCheckoutForm({ ...VALID, telefono })).toMatchObject({
        ok: false,
        field: "telefono",
        text: "El teléfono debe tener 10 dígitos",
      });
    },
  );

  it.each(["4416", "441600", "44 160", "ABCDE", "4416O"])("rejects the postal code %s", (cp) => {
    expect(validateCheckoutForm({ ...VALID, codigo_postal: cp })).toMatchObject({
      ok: false,
      field: "codigo_postal",
      text: "El código postal debe tener 5 dígitos",
    });
  });

  it("accepts a postal code with a leading zero", () => {
    expect(validateCheckoutForm({ ...VALID, estado: "Ciudad de México", codigo_postal: "01000" })).toMatchObject({
      ok: true,
      data: { codigo_postal: "01000" },
    });
  });

  it("accepts values up to the maximum length and rejects longer ones", () => {
    const max = "a".repeat(CHECKOUT_MAX_LENGTH);
    expect(CHECKOUT_MAX_LENGTH).toBe(200);
    expect(validateCheckoutForm({ ...VALID, direccion: max }).ok).toBe(true);
    expect(validateCheckoutForm({ ...VALID, direccion: `${max}a` })).toMatchObject({
      ok: false,
      field: "direccion",
      text: "El dato de direccion es demasiado largo (máximo 200 caracteres)",
    });
    // Length is measured after trimming.
    expect(validateCheckoutForm({ ...VALID, direccion: ` ${max} ` }).ok).toBe(true);
  });

  it("ships only within Mexico: another país is refused first, 'Mexico' is stored as 'México'", () => {
    const usa = { ...VALID, pais: "USA" };
    expect(validateCheckoutForm(usa)).toMatchObject({
      ok: false,
      field: "pais",
      text: "Por ahora solo enviamos dentro de México.",
    });
    // Said before the state or postal code of a foreign address.
    expect(validateCheckoutForm({ ...usa, estado: "Texas", codigo_postal: "90210" })).toMatchObject({ field: "pais" });
    expect(validateCheckoutForm({ ...VALID, pais: "Mexico" })).toMatchObject({ ok: true, data: { pais: "México" } });
  });

  it("the postal code must be the estado's", () => {
    expect(validateCheckoutForm({ ...VALID, codigo_postal: "64000" })).toMatchObject({
      ok: false,
      field: "codigo_postal",
      text: "El código postal no corresponde al estado.",
    });
    expect(validateCheckoutForm({ ...VALID, estado: "Nuevo León", codigo_postal: "64000" }).ok).toBe(true);
    expect(validateCheckoutForm({ ...VALID, estado: "CDMX", codigo_postal: "06700" }).ok).toBe(true);
  });

  it("checks the email, then the phone, then the postal code", () => {
    const allBad = { ...VALID, correo: "x", telefono: "1", codigo_postal: "1" };
    expect(validateCheckoutForm(allBad)).toMatchObject({ field: "correo" });
    expect(validateCheckoutForm({ ...allBad, correo: VALID.correo })).toMatchObject({
      field: "telefono",
    });
    expect(
      validateCheckoutForm({ ...allBad, correo: VALID.correo, telefono: VALID.telefono }),
    ).toMatchObject({ field: "codigo_postal" });
  });
});

describe("per-field limits", () => {
  it("refuses a name over 80 characters and a phone typed over 20", () => {
    expect(validateCheckoutForm({ ...VALID, nombre: "a".repeat(81) })).toMatchObject({
      ok: false,
      field: "nombre",
      text: "El dato de nombre es demasiado largo (máximo 80 caracteres)",
    });
    expect(validateCheckoutForm({ ...VALID, telefono: `33 ${" ".repeat(20)}33333333` })).toMatchObject({
      ok: false,
      field: "telefono",
    });
  });
});

describe("estado", () => {
  it("is one of the 32 states, stored by its official name", () => {
    const result = validateCheckoutForm({ ...VALID, estado: "  jalisco " });
    expect(result.ok && result.data.estado).toBe("Jalisco");
    const cdmx = validateCheckoutForm({ ...VALID, estado: "CDMX", codigo_postal: "06700" });
    expect(cdmx.ok && cdmx.data.estado).toBe("Ciudad de México");
  });

  it("refuses a name that is not a state of Mexico", () => {
    expect(validateCheckoutForm({ ...VALID, estado: "Texas" })).toMatchObject({
      ok: false,
      field: "estado",
      text: "Elige un estado de la lista",
    });
  });
});
