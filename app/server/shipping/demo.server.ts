/**
 * The demo's shipping provider (ADR 036): three carriers' made-up rates from the parcel's
 * weight, and a label PDF marked "SIN VALOR" (pdf-lib, no network). Its tracking numbers
 * start with DEMO; tracking answers 'creada' (the demo has no carrier to move it).
 */
import { createHash } from "node:crypto";
import { PDFDocument, rgb, StandardFonts, degrees } from "pdf-lib";
import type { Envio, ShippingProvider, Tarifa } from "./provider.server";

const CARRIERS = [
  {
    paqueteria: "Estafeta",
    servicio: "terrestre",
    descripcion: "Terrestre",
    base: 12_900,
    porKg: 1_500,
    dias: "3 a 5 días",
  },
  { paqueteria: "DHL", servicio: "express", descripcion: "Express", base: 21_900, porKg: 2_500, dias: "1 a 2 días" },
  {
    paqueteria: "FedEx",
    servicio: "standard",
    descripcion: "Estándar",
    base: 16_900,
    porKg: 1_900,
    dias: "2 a 4 días",
  },
];

export function createDemoShippingProvider(): ShippingProvider {
  return {
    name: "demo",
    async quote(envio) {
      const kg = Math.max(1, Math.ceil(envio.paquete.peso / 1000));
      return CARRIERS.map(
        (c): Tarifa => ({
          id: `${c.paqueteria.toLowerCase()}:${c.servicio}`,
          paqueteria: c.paqueteria,
          servicio: c.servicio,
          descripcion: c.descripcion,
          precio: c.base + c.porKg * (kg - 1),
          dias: c.dias,
        }),
      ).sort((a, b) => a.precio - b.precio);
    },
    async buy(input) {
      const guia = `DEMO${createHash("sha256").update(input.clave).digest("hex").slice(0, 10).toUpperCase()}`;
      return {
        envioId: `demo-${guia}`,
        guia,
        paqueteria: input.tarifa.paqueteria,
        urlRastreo: null,
        pdf: await demoLabel(input, guia),
        costo: input.tarifa.precio,
      };
    },
    async track() {
      return "creada";
    },
  };
}

/** A 4×6 in label with both addresses, the carrier and the tracking number, crossed "SIN VALOR". */
async function demoLabel(input: Envio & { tarifa: Tarifa; referencia: string }, guia: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Guía ${guia} (demostración)`);
  const page = pdf.addPage([288, 432]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // pdf-lib's standard fonts are WinAnsi: drop what they cannot draw
  const safe = (s: string) => s.normalize("NFC").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  let y = 400;
  const line = (text: string, size = 10, f = font) => {
    page.drawText(safe(text).slice(0, 60), { x: 16, y, size, font: f });
    y -= size + 6;
  };
  line(`${input.tarifa.paqueteria} · ${input.tarifa.descripcion}`, 14, bold);
  line(`Guía ${guia}`, 12, bold);
  line(`Pedido ${input.referencia}`);
  y -= 8;
  line("DE:", 9, bold);
  for (const t of [
    input.origen.nombre,
    input.origen.calle,
    input.origen.colonia,
    `${input.origen.codigoPostal} ${input.origen.ciudad}, ${input.origen.estado}`,
  ])
    line(t, 9);
  y -= 8;
  line("PARA:", 9, bold);
  for (const t of [
    input.destino.nombre,
    input.destino.calle,
    input.destino.colonia,
    `${input.destino.codigoPostal} ${input.destino.ciudad}, ${input.destino.estado}`,
    input.destino.telefono,
  ])
    line(t, 9);
  line(
    `Peso ${(input.paquete.peso / 1000).toFixed(1)} kg · ${input.paquete.largo}×${input.paquete.ancho}×${input.paquete.alto} cm`.replace(
      /×/g,
      "x",
    ),
    9,
  );
  page.drawText("SIN VALOR", {
    x: 40,
    y: 90,
    size: 44,
    font: bold,
    color: rgb(0.8, 0.1, 0.1),
    rotate: degrees(30),
    opacity: 0.6,
  });
  page.drawText("Guía de demostración: no sirve para enviar.".replace("í", "\xed"), { x: 16, y: 20, size: 8, font });
  return Buffer.from(await pdf.save());
}
