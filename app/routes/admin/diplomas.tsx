/**
 * /admin/diplomas: the diplomas issued, by course or by student (e-mail, name or folio),
 * with their state; revoking one records who, when and why (ADR 047).
 */
import { data } from "react-router";
import { SearchBox } from "~/components/admin/admin-list";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { AdminDiplomaList } from "~/components/courses/admin-diploma-list";
import { formatSpanishDate, formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { courseOptions } from "~/server/admin/grants.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { searchTerm } from "~/server/admin/resource.server";
import { getDb } from "~/server/db/index.server";
import { FOLIO_PATTERN, listDiplomas, revokeDiploma } from "~/server/school/diploma.server";
import type { Route } from "./+types/diplomas";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const url = new URL(request.url);
  const q = searchTerm(url);
  const cursos = await courseOptions(db);
  const curso = url.searchParams.get("curso") ?? "";
  const cursoId = cursos.some((c) => c.value === curso) ? curso : "";
  const rows = await listDiplomas(db, { cursoId: cursoId || undefined, q });
  return {
    q,
    cursoId,
    cursos,
    diplomas: rows.map((d) => ({
      folio: d.folio,
      nombre: d.nombre,
      correo: d.correo,
      curso: d.curso,
      estado: d.estado,
      emitido: formatSpanishDate(d.emitidoEn),
      vence: d.venceEn ? formatSpanishDate(d.venceEn) : null,
      revocado: d.revocado && { ...d.revocado, en: formatSpanishDateTime(d.revocado.en) },
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const folio = String(form.get("folio") ?? "")
    .trim()
    .toUpperCase();
  const motivo = String(form.get("motivo") ?? "").trim();
  const fail = (text: string) => {
    const alert: AlertMessage = { icon: "error", title: "No se pudo revocar", text };
    return data({ alert, notice: undefined }, { status: 400 });
  };
  if (!FOLIO_PATTERN.test(folio)) return fail("Folio desconocido.");
  if (!motivo) return fail("Escribe el motivo para revocar.");
  if (motivo.length > 300) return fail("Motivo: máximo 300 caracteres.");
  if (!(await revokeDiploma(getDb(), admin, folio, motivo))) return fail("Ese diploma no existe o ya estaba revocado.");
  return {
    alert: undefined,
    notice: `Diploma ${folio} revocado: su verificación dice «Revocado» y ya no se descarga.`,
  };
}

export default function AdminDiplomas({
  loaderData: { q, cursoId, cursos, diplomas },
  actionData,
}: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Diplomas">
      <AdminPanel>
        <SearchBox label="Buscar diplomas" placeholder="Correo, nombre o folio" q={q}>
          <label className="w-full min-w-0 sm:w-64">
            <span className="sr-only">Curso</span>
            <select name="curso" defaultValue={cursoId} className="field min-h-12 w-full">
              <option value="">Todos los cursos</option>
              {cursos.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        </SearchBox>
        {diplomas.length === 0 ? (
          <p className="mt-4 text-muted">
            {q || cursoId ? "Ningún diploma con esa búsqueda." : "Aún no hay diplomas."}
          </p>
        ) : (
          <AdminDiplomaList diplomas={diplomas} />
        )}
      </AdminPanel>
    </AdminPage>
  );
}
