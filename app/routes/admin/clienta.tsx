/**
 * /admin/clientas/{id}: one client's record (ADR 041): contact and opt-ins, appointments with
 * their consent, the artist's notes and the visits (dated by their appointment), orders,
 * courses and diplomas, mails sent; her data as JSON or PDF, and its deletion (ARCO) after a
 * typed confirmation. Admin only: a 404 for anyone else.
 */
import { data, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ClientRecordView, type RecordData } from "~/components/admin/client-record";
import { formatSpanishDate, formatSpanishDateTime } from "~/domain/dates";
import { estadoEnvioLabel, estadoPagoLabel } from "~/domain/order-status";
import { requireAdmin } from "~/server/admin/guard.server";
import { eraseClient } from "~/server/clients/arco.server";
import { linkVisit, loadClientRecord, resolveClient, saveSessionNotes } from "~/server/clients/record.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/clienta";

/** What the admin types to confirm a deletion. */
const ERASE_WORD = "ELIMINAR";

async function clientOf(request: Request, id: string) {
  await requireAdmin(request);
  const client = await resolveClient(getDb(), id);
  if (!client) throw data(null, { status: 404 });
  return client;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await clientOf(request, params.id);
  if (client.canonical !== params.id) throw redirect(`/admin/clientas/${encodeURIComponent(client.canonical)}`);
  const record = await loadClientRecord(getDb(), client);
  const day = (d: Date) => formatSpanishDate(d);
  const at = (d: Date | null) => (d ? formatSpanishDateTime(d) : null);
  const visit = (v: (typeof record.visitasSinCita)[number]) => ({
    id: v.id,
    codigo: v.codigo,
    path: v.path,
    fecha: day(v.fecha),
    fechaDeCita: v.fechaDeCita,
    fotos: v.fotos,
  });
  const recordData: RecordData = {
    id: client.id,
    cuenta: client.userId !== null,
    nombre: record.contacto.nombre,
    correo: record.contacto.correo,
    telefonos: record.contacto.telefonos,
    creadaEn: client.creadaEn ? day(client.creadaEn) : null,
    correoPromocional: record.optIns.correoPromocional
      ? { acepta: record.optIns.correoPromocional.acepta, desde: at(record.optIns.correoPromocional.desde) }
      : null,
    whatsapp: record.optIns.whatsapp
      ? { acepta: record.optIns.whatsapp.acepta, desde: at(record.optIns.whatsapp.desde) }
      : null,
    citas: record.citas.map((c) => ({
      id: c.id,
      fecha: formatSpanishDateTime(c.inicio),
      tratamiento: c.esRetoque ? `${c.tratamiento} (retoque)` : c.tratamiento,
      estado: c.estado,
      precio: c.precio,
      anticipo: c.anticipo,
      consentimientos: c.consentimientos.map((k) => ({
        ...k,
        firmadoEn: k.firmadoEn ? at(new Date(k.firmadoEn)) : null,
      })),
      notas: c.notas,
      visitas: c.visitas.map(visit),
    })),
    visitasSinCita: record.visitasSinCita.map(visit),
    compras: record.compras.map((o) => ({
      id: o.id,
      fecha: day(o.fecha),
      total: o.total,
      estado: `${estadoPagoLabel(o.estadoPago)}${o.curso ? "" : ` · ${estadoEnvioLabel(o.estadoEnvio)}`}`,
      lineas: o.lineas.map((l) => `${l.cantidad} × ${l.nombre}`).join(", "),
      facturada: o.facturas.some((f) => f.estado !== "cancelada"),
    })),
    cursos: record.cursos.map((c) => ({ id: c.cursoId, titulo: c.titulo, desde: day(c.desde), aMano: c.aMano })),
    diplomas: record.diplomas.map((d) => ({ id: d.id, titulo: d.cursoTitulo, fecha: day(d.emitidoEn) })),
    mensajes: record.mensajes.map((m) => ({ id: m.id, asunto: m.asunto, estado: m.estado, fecha: day(m.createdAt) })),
    palabraBorrar: ERASE_WORD,
  };
  return data({ record: recordData }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const client = await clientOf(request, params.id);
  const db = getDb();
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "notas") {
    const result = await saveSessionNotes(db, client, form.get("cita"), {
      tecnica: form.get("tecnica"),
      pigmento: form.get("pigmento"),
      aguja: form.get("aguja"),
      notas: form.get("notas"),
    });
    return result.ok
      ? { ok: true, message: "Notas guardadas." }
      : data({ ok: false, message: result.message }, { status: 400 });
  }
  if (intent === "vincular") {
    const result = await linkVisit(db, client, form.get("visita"), form.get("cita") ?? "");
    return result.ok
      ? { ok: true, message: "Visita vinculada." }
      : data({ ok: false, message: result.message }, { status: 400 });
  }
  if (intent === "eliminar") {
    if (
      String(form.get("confirmacion") ?? "")
        .trim()
        .toUpperCase() !== ERASE_WORD
    )
      return data({ ok: false, message: `Para eliminar sus datos escribe ${ERASE_WORD}.` }, { status: 400 });
    await eraseClient(db, client);
    throw redirect("/admin/clientas?eliminada=1");
  }
  return data({ ok: false, message: "Acción no válida." }, { status: 400 });
}

export default function AdminClient({ loaderData: { record }, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={record.nombre} back={{ href: "/admin/clientas", label: "Clientas" }}>
      <ClientRecordView record={record} feedback={actionData ?? null} />
    </AdminPage>
  );
}
