/**
 * /cuidados/{token} (issue 30 item 6): the page an aftercare check-in links to. The token is
 * signed for one session and one day (booking/aftercare.server.ts), so it opens only her
 * session: she sends a healing photo, which is stored privately with the appointment and
 * shown only here and to the studio. A link that does not verify is a 403.
 */
import { Form, data, useNavigation } from "react-router";
import { BOOKING_PROSE } from "~/components/booking/prose";
import { ContentHtml } from "~/components/content/content-html";
import { site, whatsappLink } from "~/config/site";
import { formatSpanishDateTime } from "~/domain/dates";
import { AFTERCARE_PHOTO_BYTES, sizeText, tooManyAttempts } from "~/domain/limits";
import { MAX_PHOTOS_PER_SESSION, photoPage, saveHealingPhoto } from "~/server/booking/aftercare.server";
import { getDb } from "~/server/db/index.server";
import { throttle } from "~/server/rate-limit.server";
import { photoAsWebp } from "~/server/visits/photos.server";
import type { Route } from "./+types/cuidados";

const forbidden = () =>
  data(null, { status: 403, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });

export async function loader({ params }: Route.LoaderArgs) {
  const page = await photoPage(getDb(), params.token);
  if (!page) throw forbidden();
  return {
    nombre: page.cita.nombre,
    tratamiento: page.tratamiento,
    sesion: formatSpanishDateTime(page.cita.inicio),
    dia: page.dia,
    fotos: page.fotos.map((f) => ({ id: f.id, dia: f.dia, src: `/cuidados/${params.token}/foto/${f.id}` })),
    lleno: page.fotos.length >= MAX_PHOTOS_PER_SESSION,
    cuidados: { titulo: page.care.titulo, html: page.care.html },
  };
}

export function meta() {
  return [{ title: `Tu cicatrización | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Answer = { ok: boolean; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const page = await photoPage(db, params.token);
  if (!page) throw forbidden();
  const limit = await throttle(db, "cita", { ip: context.clientIp });
  if (!limit.allowed)
    return data<Answer>({ ok: false, message: tooManyAttempts(limit.retryAfterSeconds).text }, { status: 429 });
  const tooBig = { ok: false, message: `La foto pesa demasiado (máximo ${sizeText(AFTERCARE_PHOTO_BYTES)}).` };
  if (Number(request.headers.get("content-length") ?? 0) > AFTERCARE_PHOTO_BYTES + 64 * 1024)
    return data<Answer>(tooBig, { status: 413 });
  if (page.fotos.length >= MAX_PHOTOS_PER_SESSION) {
    return data<Answer>(
      {
        ok: false,
        message: "Ya recibimos varias fotos de esta sesión. Si quieres mandar más, escríbenos por WhatsApp.",
      },
      { status: 409 },
    );
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("foto");
  } catch {
    return data<Answer>({ ok: false, message: "No pudimos leer la foto. Intenta de nuevo." }, { status: 400 });
  }
  if (!(file instanceof Blob) || file.size === 0)
    return data<Answer>({ ok: false, message: "Elige una foto." }, { status: 400 });
  if (file.size > AFTERCARE_PHOTO_BYTES) return data<Answer>(tooBig, { status: 413 });
  let webp: Buffer;
  try {
    // re-encoded: resized, camera metadata (GPS, device) dropped
    webp = await photoAsWebp(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return data<Answer>(
      { ok: false, message: "El archivo no es una foto válida (JPG, PNG, WebP o HEIC)." },
      { status: 415 },
    );
  }
  await saveHealingPhoto(db, page.cita.id, page.dia, webp);
  return data<Answer>({ ok: true, message: "¡Gracias! Recibimos tu foto; Michel la revisará." });
}

export default function Cuidados({ loaderData, actionData }: Route.ComponentProps) {
  const { nombre, tratamiento, sesion, dia, fotos, lleno, cuidados } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-2xl py-8 md:py-14">
      <p className="eyebrow">Tu cicatrización · día {dia}</p>
      <h1 className="mt-2 text-4xl md:text-5xl">Hola, {nombre}</h1>
      <p className="mt-3 text-ink/80">
        {tratamiento}, sesión del {sesion}. Mándanos una foto de la zona con luz natural, sin filtros. Solo tú y el
        estudio la ven.
      </p>
      {actionData?.message && (
        <p
          className={`mt-6 rounded-xl px-4 py-3 ${actionData.ok ? "bg-sand/50 text-cocoa" : "bg-red-50 text-red-800"}`}
          role={actionData.ok ? "status" : "alert"}
        >
          {actionData.message}
        </p>
      )}
      {!lleno && (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-4">
          <label htmlFor="foto" className="block text-sm font-medium">
            Tu foto (máximo {sizeText(AFTERCARE_PHOTO_BYTES)})
          </label>
          <input id="foto" name="foto" type="file" accept="image/*" capture="environment" required className="field" />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Enviando…" : "Enviar foto"}
          </button>
        </Form>
      )}
      {fotos.length > 0 && (
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {fotos.map((f) => (
            <li key={f.id}>
              <img
                src={f.src}
                alt={`Tu foto del día ${f.dia}`}
                className="aspect-square w-full rounded-xl object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      <details className="mt-10 rounded-xl border border-sand px-4 py-3" open={dia === 1}>
        <summary className="cursor-pointer font-medium">{cuidados.titulo}</summary>
        <ContentHtml html={cuidados.html} className={`mt-3 ${BOOKING_PROSE}`} />
      </details>
      <p className="mt-10 text-sm text-ink/80">
        ¿Algo no se ve bien?{" "}
        <a href={whatsappLink()} className="font-medium text-clay-dark underline">
          Escríbenos por WhatsApp
        </a>
        .
      </p>
    </section>
  );
}
