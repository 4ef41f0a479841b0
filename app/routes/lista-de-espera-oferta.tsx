/**
 * /lista-de-espera/{token} (issue 30): the link of a waitlist offer. For 30 minutes the freed
 * slot is hers: "Apartar este horario" claims it (one appointment however many clicks, see
 * booking/waitlist.server.ts claimOffer) and she goes on to pay the deposit at /cita/{token},
 * the usual hold. The health form is asked here when the treatment needs it.
 */
import { Form, data, redirect, useNavigation } from "react-router";
import { BOOKING_PROSE } from "~/components/booking/prose";
import { ContentHtml } from "~/components/content/content-html";
import { site, whatsappLink } from "~/config/site";
import { CONSENT_DETAIL_MAX, parseBookingForm, questionsFor } from "~/domain/booking";
import { formatSpanishDateTime } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { formatPrice } from "~/domain/money";
import { consentForm } from "~/server/booking/content.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { claimOffer, findOffer, offerOpen } from "~/server/booking/waitlist.server";
import { getDb } from "~/server/db/index.server";
import { servicios } from "~/server/db/schema";
import { currentUser } from "~/server/session.server";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/lista-de-espera-oferta";

async function questions(tratamiento: { nombre: string; servicioId: string; requiereConsentimiento: boolean }) {
  if (!tratamiento.requiereConsentimiento) return null;
  const [servicio] = await getDb()
    .select({ nombre: servicios.nombre })
    .from(servicios)
    .where(eq(servicios.id, tratamiento.servicioId));
  return questionsFor(consentForm().preguntas, `${servicio?.nombre ?? ""} ${tratamiento.nombre}`);
}

export async function loader({ params }: Route.LoaderArgs) {
  const found = await findOffer(getDb(), params.token);
  if (!found) throw data(null, { status: 404 });
  const { offer, tratamiento } = found;
  const preguntas = await questions(tratamiento);
  const consent = preguntas ? consentForm() : null;
  return {
    abierta: offerOpen(offer, new Date()),
    tratamiento: tratamiento.nombre,
    anticipo: Math.min(tratamiento.anticipo, tratamiento.precio),
    inicio: formatSpanishDateTime(offer.inicio),
    hasta: formatSpanishDateTime(offer.expiraEn),
    consent:
      consent && preguntas ? { titulo: consent.titulo, declaracionHtml: consent.declaracionHtml, preguntas } : null,
  };
}

export function meta() {
  return [{ title: `Horario liberado | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused)
    return data({ formError: refused.message, errors: {} }, { status: refused.status, headers: refused.headers });
  const form = await readBookingForm(request);
  if (!form) return data({ formError: "La solicitud es demasiado grande.", errors: {} }, { status: 413 });
  const db = getDb();
  const found = await findOffer(db, params.token);
  if (!found) throw data(null, { status: 404 });
  const now = new Date();
  // her contact is the entry's; the form carries the health answers and the policy
  form.set("nombre", found.entry.nombre);
  form.set("telefono", found.entry.telefono);
  form.set("correo", found.entry.correo);
  const parsed = parseBookingForm(form, { questions: await questions(found.tratamiento), now });
  if (!parsed.ok) return data({ formError: "Revisa los datos marcados.", errors: parsed.errors }, { status: 400 });
  const result = await claimOffer(
    db,
    params.token,
    { consentimiento: parsed.consentimiento, ip: context.clientIp ?? null, userId: user?.id ?? null },
    now,
  );
  if (!result.ok) return data({ formError: result.message, errors: {} }, { status: 409 });
  return redirect(`/cita/${result.cita.token}`);
}

export default function WaitlistOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { abierta, tratamiento, anticipo, inicio, hasta, consent } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <section className="container-page max-w-2xl py-8 md:py-14">
      <p className="eyebrow">Lista de espera</p>
      <h1 className="mt-2 text-4xl md:text-5xl">Se liberó un horario</h1>
      <p className="mt-4 rounded-2xl bg-sand/50 px-5 py-4 font-medium text-cocoa">
        {tratamiento}: {inicio} h (hora de Guadalajara)
      </p>
      {!abierta ? (
        <p className="mt-6 text-ink/80" data-testid="offer-closed">
          Este horario ya no está apartado para ti: pasaron los 30 minutos o ya se usó este enlace. Sigues en la lista
          de espera para otros horarios. ¿Dudas?{" "}
          <a href={whatsappLink()} className="font-medium text-clay-dark underline">
            Escríbenos por WhatsApp
          </a>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-8">
          <p className="text-ink/80">Está apartado para ti hasta las {hasta.split(", ").pop()} h.</p>
          {consent && (
            <fieldset className="space-y-4">
              <legend className="text-2xl">{consent.titulo}</legend>
              {consent.preguntas.map((q) => (
                <div key={q.id} className="rounded-2xl border border-sand bg-white p-4">
                  <p id={`p_${q.id}-label`} className="font-medium">
                    {q.texto}
                  </p>
                  <div className="mt-2 flex gap-6" role="radiogroup" aria-labelledby={`p_${q.id}-label`}>
                    {(["no", "si"] as const).map((v) => (
                      <label key={v} className="inline-flex items-center gap-2 py-1">
                        <input type="radio" name={`p_${q.id}`} value={v} required className="size-5 accent-clay" />
                        {v === "si" ? "Sí" : "No"}
                      </label>
                    ))}
                  </div>
                  <input
                    name={`d_${q.id}`}
                    aria-label={`Detalle: ${q.texto}`}
                    className="field mt-2 py-2 text-sm"
                    maxLength={CONSENT_DETAIL_MAX}
                  />
                  {errors[`p_${q.id}`] && (
                    <p className="mt-1 text-sm text-red-700" role="alert">
                      {errors[`p_${q.id}`]}
                    </p>
                  )}
                </div>
              ))}
              <ContentHtml html={consent.declaracionHtml} className={`${BOOKING_PROSE} text-sm`} />
              <label htmlFor="firma" className="block text-sm font-medium">
                Firma: escribe tu nombre completo
              </label>
              <input
                id="firma"
                name="firma"
                className="field font-serif text-xl italic"
                required
                maxLength={TEXT_LIMITS.nombre}
              />
              {errors.firma && (
                <p className="text-sm text-red-700" role="alert">
                  {errors.firma}
                </p>
              )}
              <label className="flex items-start gap-3">
                <input type="checkbox" name="acepto" value="si" required className="mt-1 size-5 accent-clay" />
                <span>He leído y acepto el consentimiento informado.</span>
              </label>
            </fieldset>
          )}
          <label className="flex items-start gap-3">
            <input type="checkbox" name="politica" value="si" required className="mt-1 size-5 accent-clay" />
            <span>
              Acepto la{" "}
              <a
                href="/terminos-y-condiciones#citas-anticipos"
                target="_blank"
                rel="noopener"
                className="text-clay-dark underline"
              >
                política de cambios y cancelaciones
              </a>
              .
            </span>
          </label>
          {actionData?.formError && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-red-800" role="alert">
              {actionData.formError}
            </p>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy
              ? "Apartando…"
              : anticipo > 0
                ? `Apartar y pagar anticipo de ${formatPrice(anticipo)}`
                : "Confirmar cita"}
          </button>
        </Form>
      )}
    </section>
  );
}
