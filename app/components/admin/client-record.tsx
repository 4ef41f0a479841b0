/**
 * The client record's screen (ADR 041): phone first (one column of panels, each appointment a
 * card), two columns from 1024 px. Forms post to the record's own route (intents: notas,
 * vincular, eliminar) and work without JavaScript.
 */
import { CalendarHeart, Download, FileText, Mail, MessageCircle, Phone, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { formatPrice } from "~/domain/money";
import { AdminPanel } from "./admin-page";

type Visit = {
  id: string;
  codigo: string;
  path: string;
  fecha: string;
  fechaDeCita: boolean;
  fotos: { tipo: "antes" | "despues"; url: string }[];
};

export type RecordData = {
  id: string;
  cuenta: boolean;
  nombre: string;
  correo: string;
  telefonos: string[];
  creadaEn: string | null;
  correoPromocional: { acepta: boolean; desde: string | null } | null;
  /** the WhatsApp opt-in (issue 30 part 1): null until that work records it */
  whatsapp: { acepta: boolean; desde: string | null } | null;
  citas: {
    id: string;
    fecha: string;
    tratamiento: string;
    estado: string;
    precio: number;
    anticipo: number;
    consentimientos: {
      version: string | null;
      firma: string;
      firmadoEn: string | null;
      respuestas: { pregunta: string; respuesta: string; detalle: string }[];
    }[];
    notas: { tecnica: string; pigmento: string; aguja: string; notas: string } | null;
    visitas: Visit[];
  }[];
  visitasSinCita: Visit[];
  compras: { id: string; fecha: string; total: number; estado: string; lineas: string; facturada: boolean }[];
  cursos: { id: string; titulo: string; desde: string; aMano: boolean }[];
  diplomas: { id: string; titulo: string; fecha: string }[];
  mensajes: { id: number; asunto: string; estado: string; fecha: string }[];
  palabraBorrar: string;
};

const ESTADO_CITA: Record<string, string> = {
  apartada: "Apartada",
  confirmada: "Confirmada",
  atendida: "Atendida",
  "no-asistio": "No se presentó",
  cancelada: "Cancelada",
  vencida: "Vencida",
};

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted">{children}</p>;

function VisitCard({ visit }: { visit: Visit }) {
  return (
    <div className="rounded-xl border border-sand p-3" data-testid="record-visit">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-medium text-cocoa">
          <CalendarHeart className="size-4 text-clay" aria-hidden />
          <span data-testid="record-visit-date">{visit.fecha}</span>
          {!visit.fechaDeCita && <span className="text-xs font-normal text-muted">(fecha de alta, sin cita)</span>}
        </p>
        <Link to={visit.path} className="text-sm text-clay-dark underline" target="_blank" rel="noreferrer">
          Página de la visita · {visit.codigo}
        </Link>
      </div>
      {visit.fotos.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Sin fotos.</p>
      ) : (
        <ul className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1">
          {visit.fotos.map((f, i) => (
            <li key={f.url} className="shrink-0">
              <a href={f.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={f.url}
                  alt={`${f.tipo === "antes" ? "Antes" : "Después"} ${i + 1}`}
                  loading="lazy"
                  className="size-20 rounded-lg bg-sand object-cover md:size-24"
                />
                <span className="mt-1 block text-center text-xs text-muted">
                  {f.tipo === "antes" ? "Antes" : "Después"}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NotesForm({ citaId, notas }: { citaId: string; notas: RecordData["citas"][number]["notas"] }) {
  const field = (name: "tecnica" | "pigmento" | "aguja", label: string, max: number) => (
    <label className="block text-sm">
      <span className="text-muted">{label}</span>
      <input name={name} defaultValue={notas?.[name] ?? ""} maxLength={max} className="field mt-1" />
    </label>
  );
  return (
    <Form method="post" className="space-y-3 rounded-xl bg-cream p-3" data-testid="record-notes">
      <input type="hidden" name="intent" value="notas" />
      <input type="hidden" name="cita" value={citaId} />
      <div className="grid gap-3 sm:grid-cols-3">
        {field("tecnica", "Técnica", 120)}
        {field("pigmento", "Pigmento", 200)}
        {field("aguja", "Aguja", 80)}
      </div>
      <label className="block text-sm">
        <span className="text-muted">Notas de la sesión</span>
        <textarea name="notas" defaultValue={notas?.notas ?? ""} maxLength={2000} rows={3} className="field mt-1" />
      </label>
      <button type="submit" className="btn-outline w-full sm:w-auto">
        Guardar notas
      </button>
    </Form>
  );
}

export function ClientRecordView({
  record,
  feedback,
}: {
  record: RecordData;
  feedback: { ok: boolean; message: string } | null;
}) {
  const base = `/admin/clientas/${encodeURIComponent(record.id)}`;
  return (
    <div className="space-y-6" data-testid="client-record">
      {feedback && (
        <p
          role={feedback.ok ? "status" : "alert"}
          className={`rounded-2xl p-4 text-sm ${feedback.ok ? "bg-blush/40 text-cocoa" : "bg-clay/10 text-clay-dark"}`}
        >
          {feedback.message}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <AdminPanel title="Contacto">
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted">Correo</dt>
                <dd className="inline-flex items-center gap-2 break-all text-ink">
                  <Mail className="size-4 shrink-0 text-clay" aria-hidden />
                  <span data-testid="record-email">{record.correo}</span>
                </dd>
              </div>
              <div>
                <dt className="text-muted">Teléfono</dt>
                <dd className="text-ink">
                  {record.telefonos.length === 0
                    ? "—"
                    : record.telefonos.map((t) => (
                        <a
                          key={t}
                          href={`tel:${t.replace(/[^\d+]/g, "")}`}
                          className="mr-3 inline-flex min-h-11 items-center gap-2"
                        >
                          <Phone className="size-4 text-clay" aria-hidden />
                          {t}
                        </a>
                      ))}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Cuenta</dt>
                <dd className="text-ink">{record.cuenta ? `Desde el ${record.creadaEn}` : "Agendó sin cuenta"}</dd>
              </div>
            </dl>
          </AdminPanel>

          <AdminPanel title={`Citas (${record.citas.length})`}>
            {record.citas.length === 0 ? (
              <Empty>Sin citas.</Empty>
            ) : (
              <ul className="space-y-4">
                {record.citas.map((c) => (
                  <li
                    key={c.id}
                    className="space-y-3 rounded-2xl border border-sand p-3 md:p-4"
                    data-testid="record-appointment"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link
                        to={`/admin/agenda/${encodeURIComponent(c.id)}`}
                        className="font-medium text-cocoa hover:text-clay"
                      >
                        {c.fecha} · {c.tratamiento}
                      </Link>
                      <span className="rounded-full bg-sand px-2 py-0.5 text-xs text-cocoa">
                        {ESTADO_CITA[c.estado] ?? c.estado}
                      </span>
                    </div>
                    <p className="text-sm text-muted">
                      {formatPrice(c.precio)}
                      {c.anticipo > 0 && ` · anticipo ${formatPrice(c.anticipo)}`}
                    </p>
                    {c.consentimientos.length === 0 ? (
                      <p className="text-sm text-muted">Sin consentimiento firmado.</p>
                    ) : (
                      c.consentimientos.map((k, i) => (
                        <details key={`${c.id}-${i}`} className="rounded-xl bg-cream p-3 text-sm">
                          <summary className="cursor-pointer font-medium text-cocoa">
                            Consentimiento firmado por {k.firma}
                            {k.firmadoEn && ` el ${k.firmadoEn}`}
                            {k.version && ` · versión ${k.version}`}
                          </summary>
                          <ul className="mt-2 space-y-1">
                            {k.respuestas.map((r) => (
                              <li key={r.pregunta}>
                                {r.pregunta}: <strong>{r.respuesta}</strong>
                                {r.detalle && ` (${r.detalle})`}
                              </li>
                            ))}
                          </ul>
                        </details>
                      ))
                    )}
                    <NotesForm citaId={c.id} notas={c.notas} />
                    {c.visitas.map((v) => (
                      <VisitCard key={v.id} visit={v} />
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </AdminPanel>

          {record.visitasSinCita.length > 0 && (
            <AdminPanel title="Visitas con su nombre sin cita">
              <p className="mb-3 text-sm text-muted">
                Vincúlalas a su cita para que se fechen por ella, aparezcan en su ficha y se incluyan en la exportación
                y el borrado.
              </p>
              <ul className="space-y-3">
                {record.visitasSinCita.map((v) => (
                  <li key={v.id} className="space-y-2">
                    <VisitCard visit={v} />
                    {record.citas.length > 0 && (
                      <Form method="post" className="flex flex-wrap gap-2">
                        <input type="hidden" name="intent" value="vincular" />
                        <input type="hidden" name="visita" value={v.id} />
                        <label className="min-w-0 flex-1">
                          <span className="sr-only">Cita de esta visita</span>
                          <select name="cita" className="field min-h-12">
                            {record.citas.map((c) => (
                              <option key={c.id} value={c.id}>
                                {c.fecha} · {c.tratamiento}
                              </option>
                            ))}
                          </select>
                        </label>
                        <button type="submit" className="btn-outline">
                          Vincular
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            </AdminPanel>
          )}

          <AdminPanel title={`Compras (${record.compras.length})`}>
            {record.compras.length === 0 ? (
              <Empty>Sin compras.</Empty>
            ) : (
              <ul className="divide-y divide-sand">
                {record.compras.map((o) => (
                  <li key={o.id}>
                    <Link
                      to={`/admin/pedidos/${encodeURIComponent(o.id)}`}
                      className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 py-3 hover:text-clay"
                    >
                      <span className="font-mono text-sm text-cocoa">{o.id}</span>
                      <span className="text-sm text-muted">{o.fecha}</span>
                      <span className="min-w-0 flex-1 truncate text-sm">{o.lineas}</span>
                      <span className="text-sm text-muted">{o.estado}</span>
                      {o.facturada && <span className="rounded-full bg-sand px-2 py-0.5 text-xs">Facturada</span>}
                      <span className="text-sm font-medium text-cocoa">{formatPrice(o.total)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </AdminPanel>
        </div>

        <div className="min-w-0 space-y-6">
          <AdminPanel title="Autorizaciones">
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-muted">Correos promocionales</dt>
                <dd className="text-ink" data-testid="record-optin-mail">
                  {record.correoPromocional
                    ? record.correoPromocional.acepta
                      ? `Sí${record.correoPromocional.desde ? `, desde el ${record.correoPromocional.desde}` : ""}`
                      : "No"
                    : "Sin cuenta: no aplica"}
                </dd>
              </div>
              <div>
                <dt className="inline-flex items-center gap-1 text-muted">
                  <MessageCircle className="size-4" aria-hidden /> WhatsApp
                </dt>
                <dd className="text-ink" data-testid="record-optin-whatsapp">
                  {record.whatsapp
                    ? record.whatsapp.acepta
                      ? `Sí${record.whatsapp.desde ? `, desde el ${record.whatsapp.desde}` : ""}`
                      : "No"
                    : "Aún sin registro de autorización"}
                </dd>
              </div>
            </dl>
          </AdminPanel>

          <AdminPanel title="Cursos y diplomas">
            {record.cursos.length + record.diplomas.length === 0 ? (
              <Empty>Sin cursos.</Empty>
            ) : (
              <ul className="space-y-2 text-sm">
                {record.cursos.map((c) => (
                  <li key={c.id}>
                    <span className="font-medium text-cocoa">{c.titulo}</span>
                    <span className="text-muted">
                      {" "}
                      · desde el {c.desde}
                      {c.aMano && " · otorgado por el estudio"}
                    </span>
                  </li>
                ))}
                {record.diplomas.map((d) => (
                  <li key={d.id}>
                    <Link to={`/diploma/${encodeURIComponent(d.id)}`} className="text-clay-dark underline">
                      Diploma · {d.titulo}
                    </Link>
                    <span className="text-muted"> · {d.fecha}</span>
                  </li>
                ))}
              </ul>
            )}
          </AdminPanel>

          <AdminPanel title={`Mensajes enviados (${record.mensajes.length})`}>
            {record.mensajes.length === 0 ? (
              <Empty>Sin mensajes.</Empty>
            ) : (
              <ul className="max-h-96 space-y-2 overflow-y-auto text-sm" data-testid="record-messages">
                {record.mensajes.map((m) => (
                  <li key={m.id} className="flex flex-wrap justify-between gap-x-2">
                    <span className="min-w-0 flex-1 text-ink">{m.asunto}</span>
                    <span className="text-muted">
                      {m.fecha} · {m.estado}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </AdminPanel>

          <AdminPanel title="Sus datos (ARCO)">
            <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
              <a href={`${base}/datos/json`} className="btn-outline" download>
                <Download className="size-4" aria-hidden /> Exportar JSON
              </a>
              <a href={`${base}/datos/pdf`} className="btn-outline" download>
                <FileText className="size-4" aria-hidden /> Exportar PDF
              </a>
            </div>
            <details className="mt-4 rounded-xl border border-clay/40 p-3 text-sm">
              <summary className="cursor-pointer font-medium text-clay-dark">Eliminar sus datos</summary>
              <p className="mt-2 text-muted">
                Se borran sus datos de contacto, respuestas de salud, notas, visitas y fotos, cursos, reseñas con su
                nombre y los correos que la mencionan; su cuenta deja de funcionar. Las compras se conservan sin datos
                de contacto y las facturas con los datos fiscales que exige el SAT. No se puede deshacer.
              </p>
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="intent" value="eliminar" />
                <label className="block">
                  <span className="text-muted">Escribe {record.palabraBorrar} para confirmar</span>
                  <input name="confirmacion" required maxLength={20} autoComplete="off" className="field mt-1" />
                </label>
                <button type="submit" className="btn-accent w-full">
                  <Trash2 className="size-4" aria-hidden /> Eliminar sus datos
                </button>
              </Form>
            </details>
          </AdminPanel>
        </div>
      </div>
    </div>
  );
}
