/**
 * /lista-de-espera/{token} (issue 30): the link of a waitlist offer. For 30 minutes the freed
 * slot is hers: "Apartar este horario" claims it (one appointment however many clicks, see
 * booking/waitlist.server.ts claimOffer) and she goes on to pay the deposit at /cita/{token},
 * the usual hold. The health form is asked here when the treatment needs it.
 */
import { Form, data, redirect, useNavigation } from "react-router";
import { ConsentForm } from "~/components/booking/consent-form";
import { ConsentStanding } from "~/components/booking/consent-signature";
import { ValoracionOffer } from "~/components/booking/valoracion-offer";
import { WhatsAppOptIn } from "~/components/booking/whatsapp-opt-in";
import { site, whatsappLink } from "~/config/site";
import { parseBookingForm } from "~/domain/booking";
import { parseDrawnSignature } from "~/domain/consent";
import { answersFromForm } from "~/domain/contraindications";
import { formatSpanishDate, formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { findBookable } from "~/server/booking/booking.server";
import { consentStep } from "~/server/booking/consent.server";
import { consentForm } from "~/server/booking/content.server";
import { contraindicationStop } from "~/server/booking/contraindications.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { claimOffer, findOffer, offerOpen } from "~/server/booking/waitlist.server";
import { getDb } from "~/server/db/index.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/lista-de-espera-oferta";

/** The offer and what the booking asks of her for it (the same step as the booking page's). */
async function offerStep(request: Request, token: string, now: Date) {
  const db = getDb();
  const found = await findOffer(db, token);
  if (!found) throw data(null, { status: 404 });
  const treatment = await findBookable(db, found.tratamiento.id);
  const user = await currentUser(request);
  const step = treatment
    ? await consentStep(db, { user, treatment, retoque: false }, now)
    : { preguntas: null, vigente: null };
  return { db, found, treatment, user, step };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const now = new Date();
  const { found, treatment, step } = await offerStep(request, params.token, now);
  const { offer, tratamiento } = found;
  return {
    abierta: treatment !== null && offerOpen(offer, now),
    tratamiento: tratamiento.nombre,
    anticipo: Math.min(tratamiento.anticipo, tratamiento.precio),
    inicio: formatSpanishDateTime(offer.inicio),
    hasta: formatSpanishDateTime(offer.expiraEn),
    consent: step.preguntas
      ? { titulo: consentForm().titulo, declaracionHtml: consentForm().declaracionHtml, preguntas: step.preguntas }
      : null,
    consentVigente: step.vigente ? formatSpanishDate(step.vigente.firmadoEn) : null,
  };
}

export function meta() {
  return [{ title: `Horario liberado | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused)
    return data(
      { formError: refused.message, errors: {}, values: {} },
      { status: refused.status, headers: refused.headers },
    );
  const form = await readBookingForm(request);
  if (!form) return data({ formError: "La solicitud es demasiado grande.", errors: {}, values: {} }, { status: 413 });
  const now = new Date();
  const { db, found, treatment, step } = await offerStep(request, params.token, now);
  if (!treatment)
    return data({ formError: "Ese tratamiento ya no se agenda en línea.", errors: {}, values: {} }, { status: 409 });
  // A contraindicated answer stops here, as on the booking page: no appointment, nothing paid.
  const questions = step.preguntas;
  const answers = questions
    ? answersFromForm(
        form,
        questions.map((q) => q.id),
      )
    : (step.vigente?.consentimiento.respuestas ?? null);
  const stop = answers && (await contraindicationStop(db, treatment, answers));
  if (stop) return data({ formError: null, errors: {}, values: {}, offer: stop });
  // her contact is the entry's; the form carries the health answers, the signature and the policy
  form.set("nombre", found.entry.nombre);
  form.set("telefono", found.entry.telefono);
  form.set("correo", found.entry.correo);
  const parsed = parseBookingForm(form, { questions, now });
  const drawn = questions ? parseDrawnSignature(form.get("trazo")) : ({ ok: true, trazo: null } as const);
  if (!parsed.ok || !drawn.ok) {
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...(drawn.ok ? {} : { trazo: drawn.error }) };
    return data(
      { formError: "Revisa los datos marcados.", errors, values: parsed.ok ? {} : parsed.values },
      { status: 400 },
    );
  }
  const result = await claimOffer(
    db,
    params.token,
    {
      consentimiento: parsed.consentimiento,
      trazo: drawn.trazo,
      vigente: step.vigente,
      ip: context.clientIp ?? null,
      userId: user?.id ?? null,
      whatsapp: form.get("whatsapp") === "si",
    },
    now,
  );
  if (!result.ok)
    return data(
      { formError: result.message, errors: {}, values: {} },
      { status: result.reason === "limite" ? 429 : 409 },
    );
  return redirect(`/cita/${result.cita.token}`);
}

export default function WaitlistOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { abierta, tratamiento, anticipo, inicio, hasta, consent, consentVigente } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  if (actionData && "offer" in actionData && actionData.offer) {
    return (
      <section className="container-page max-w-2xl py-8 md:py-14">
        <p className="eyebrow">Lista de espera</p>
        <h1 className="mt-2 text-4xl md:text-5xl">Se liberó un horario</h1>
        <ValoracionOffer offer={actionData.offer} />
      </section>
    );
  }
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
          {consent && <ConsentForm consent={consent} legend={consent.titulo} errors={errors} values={values} />}
          {consentVigente && <ConsentStanding firmadoEn={consentVigente} />}
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
          <WhatsAppOptIn />
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
