/**
 * Fixtures for invoice tests: a written order with its payment record, in whatever state and
 * month a test needs, and the text a PDF draws (pdf-lib writes its text as hex strings in
 * compressed content streams).
 */
import { randomBytes } from "node:crypto";
import { inflateSync } from "node:zlib";
import type { Db } from "~/server/db/client.server";
import { compraLineas, compras, pagos } from "~/server/db/schema";

export async function makePaidOrder(
  db: Db,
  input: {
    userId: string;
    fecha?: Date;
    estado?: string;
    correo?: string;
    envio?: number;
    lines?: { nombre: string; precio: number; cantidad: number }[];
    /** how it was paid (pagos.metodo, the card's funding in pagos.detalle, the MSI plan) */
    metodo?: "tarjeta" | "oxxo" | "spei";
    funding?: string;
    meses?: number;
    /** compras.estado_pago (pagado unless said) */
    estadoPago?: string;
  },
): Promise<string> {
  const s = randomBytes(4).toString("hex").toUpperCase();
  const compraId = `F${s}`;
  const pagoId = `demo_factura_${s}`;
  const lines = input.lines ?? [{ nombre: "Pigmento Café Oscuro", precio: 35_050, cantidad: 2 }];
  const envio = input.envio ?? 19_900;
  const total = lines.reduce((sum, l) => sum + l.precio * l.cantidad, 0) + envio;
  await db.insert(pagos).values({
    id: pagoId,
    proveedor: "demo",
    userId: input.userId,
    monto: total,
    estado: input.estado ?? "pagado",
    detalle: input.funding ? { funding: input.funding } : {},
    metodo: input.metodo ?? "tarjeta",
    compraId,
  });
  await db.insert(compras).values({
    id: compraId,
    compradorId: input.userId,
    fecha: input.fecha ?? new Date(),
    total,
    envio,
    curso: false,
    pagoId,
    proveedor: "demo",
    metodo: input.metodo ?? "tarjeta",
    meses: input.meses ?? null,
    estadoPago: input.estadoPago ?? "pagado",
    datosContacto: { correo: input.correo ?? "compras@example.com", telefono: "3333333333" },
  });
  await db.insert(compraLineas).values(
    lines.map((l) => ({ compraId, nombre: l.nombre, precio: l.precio, precioOriginal: l.precio, cantidad: l.cantidad })),
  );
  return compraId;
}

/** The text a pdf-lib PDF draws, decoded from its content streams. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  // pdf-lib ends a stream's data with "\nendstream": a "\r" before it is the data's own last
  // byte (one compressed stream in 256 ends so), not part of the line break.
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      content = m[1];
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) texts.push(Buffer.from(hex[1], "hex").toString("latin1"));
  }
  return texts.join("\n");
}
