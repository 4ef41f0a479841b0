/** A course manual kept in private storage, for the course's students only. */
import { requireEnrolment } from "~/server/school/enrolment.server";
import { privateManual } from "~/server/school/viewer.server";
import type { Route } from "./+types/curso-manual";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { curso } = await requireEnrolment(request, params.id);
  const manual = await privateManual(curso);
  if (!manual) throw new Response("Manual no encontrado.", { status: 404 });
  const extension = manual.contentType === "application/pdf" ? "pdf" : "bin";
  return new Response(Buffer.from(manual.bytes), {
    headers: {
      "Content-Type": manual.contentType,
      "Content-Disposition": `attachment; filename="manual_${curso.id}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
