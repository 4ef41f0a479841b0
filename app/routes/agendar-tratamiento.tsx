/**
 * /agendar/{tratamiento} (issue 15): the calendar of the next 60 days with the free times →
 * name, WhatsApp, email (prefilled when logged in) → the health and consent form when the
 * treatment needs it → the change and cancellation policy (the terms' own section) → the
 * slot is held and the client goes to /cita/{token} to pay the deposit (or, with no
 * deposit, straight to the confirmation). Every choice is checked again on the server.
 */
import { ArrowLeft, Clock, MessageCircle } from "lucide-react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { SlotPicker } from "~/components/booking/slot-picker";
import { ConsentForm } from "~/components/booking/consent-form";
import { ConsentStanding } from "~/components/booking/consent-signature";
import { BOOKING_PROSE } from "~/components/booking/prose";
import { ValoracionOffer } from "~/components/booking/valoracion-offer";
import { PatchTestNotice } from "~/components/booking/patch-test-notice";
import { ContentHtml } from "~/components/content/content-html";
import { pageMeta, structuredData } from "~/components/site/seo";
import { site, whatsappLink } from "~/config/site";
import { dayLabel, durationText, parseBookingForm } from "~/domain/booking";
import { parseDrawnSignature } from "~/domain/consent";
import { formatSpanishDate } from "~/domain/dates";
import { dayTitle } from "~/domain/studio-calendar";
import { TEXT_LIMITS } from "~/domain/limits";
import { formatPrice } from "~/domain/money";
import { bookingPageSeo } from "~/server/booking/booking-seo.server";
import { availableSlots, bookSlot, findBookable, retoqueOrigin, sessionOf } from "~/server/booking/booking.server";
import { consentStep } from "~/server/booking/consent.server";
import { consentForm } from "~/server/booking/content.server";
import { WhatsAppOptIn } from "~/components/booking/whatsapp-opt-in";
import { contraindicationStop } from "~/server/booking/contraindications.server";
import { answersFromForm } from "~/domain/contraindications";
import { slotsFrom } from "~/domain/patch-test";
import { patchTestStep } from "~/server/booking/patch-test.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { legalDocument } from "~/server/content.server";
import { getDb } from "~/server/db/index.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/agendar-tratamiento";

function policyHtml() {
  return legalDocument("terminos-y-condiciones", 3).secciones.find((s) => s.id === "citas-anticipos")?.html ?? "";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const treatment = await findBookable(db, params.tratamiento);
  if (!treatment) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // The retoque invitation's link: the session it follows (its consent form was signed then).
  const origin = await retoqueOrigin(db, treatment.id, url.searchParams.get("retoque"));
  const session = sessionOf(treatment, origin !== null);
  const prueba = origin ? null : await patchTestStep(db, treatment.id, url.searchParams.get("prueba"));
  const free = await availableSlots(db, session.duracion);
  const days = (prueba?.from ? slotsFrom(free, prueba.from) : free).map((d) => ({ ...d, label: dayLabel(d.fecha) }));
  const fecha = days.some((d) => d.fecha === url.searchParams.get("fecha")) ? url.searchParams.get("fecha") : days[0]?.fecha ?? null;
  const wanted = url.searchParams.get("inicio");
  const chosen = days.find((d) => d.fecha === fecha)?.horas.find((h) => h.inicio === wanted) ?? null;
  const user = await currentUser(request);
  // the server decides: the form to sign, or her standing consent (issue 30)
  const step = await consentStep(db, { user, treatment, retoque: origin !== null });
  return {
    treatment,
    session,
    retoque: origin?.id ?? null,
    prueba: prueba ? { ...prueba.step, token: prueba.token } : null,
    days,
    fecha,
    chosen: chosen && fecha ? { inicio: chosen.inicio, texto: `${dayTitle(fecha)}, ${chosen.hora} h` } : null,
    user: user ? { nombre: user.name, correo: user.email } : null,
    consent: step.preguntas
      ? { titulo: consentForm().titulo, declaracionHtml: consentForm().declaracionHtml, preguntas: step.preguntas }
      : null,
    consentVigente: step.vigente ? formatSpanishDate(step.vigente.firmadoEn) : null,
    policyHtml: policyHtml(),
    ...(await bookingPageSeo(db, treatment)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Agenda tu cita | ${site.name}` }];
  return [...pageMeta(loaderData.seo), structuredData(loaderData.schema)];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused) return data({ formError: refused.message, errors: {}, values: {} }, { status: refused.status, headers: refused.headers });
  const form = await readBookingForm(request);
  if (!form) return data({ formError: "La solicitud es demasiado grande.", errors: {}, values: {} }, { status: 413 });
  const treatment = await findBookable(db, params.tratamiento);
  if (!treatment) throw data(null, { status: 404 });
  const now = new Date();
  const retoqueDe = typeof form.get("retoque") === "string" && form.get("retoque") ? String(form.get("retoque")) : null;
  const step = await consentStep(db, { user, treatment, retoque: retoqueDe !== null }, now);
  const questions = step.preguntas;
  // A contraindicated answer stops here, whatever else the form says: no slot held, nothing paid.
  // The answers are this form's, or those of her standing consent when the form was skipped.
  const answers = questions ? answersFromForm(form, questions.map((q) => q.id)) : (step.vigente?.consentimiento.respuestas ?? null);
  const stop = answers && (await contraindicationStop(db, treatment, answers));
  if (stop) return data({ formError: null, errors: {}, values: {}, offer: stop });
  const parsed = parseBookingForm(form, { questions, now });
  const drawn = questions ? parseDrawnSignature(form.get("trazo")) : ({ ok: true, trazo: null } as const);
  const inicio = new Date(String(form.get("inicio") ?? ""));
  if (!parsed.ok || !drawn.ok) {
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...(drawn.ok ? {} : { trazo: drawn.error }) };
    const values = parsed.ok ? Object.fromEntries([...form.entries()].map(([k, v]) => [k, v.slice(0, 400)])) : parsed.values;
    return data({ formError: "Revisa los datos marcados.", errors, values }, { status: 400 });
  }
  if (Number.isNaN(inicio.getTime())) {
    return data({ formError: "Elige un día y una hora.", errors: {}, values: parsed.contact }, { status: 400 });
  }
  const result = await bookSlot(
    db,
    {
      tratamientoId: treatment.id,
      inicio,
      contact: parsed.contact,
      consentimiento: parsed.consentimiento,
      trazo: drawn.ok ? drawn.trazo : null,
      vigente: step.vigente,
      userId: user?.id ?? null,
      ip: context.clientIp ?? null,
      retoqueDe,
      whatsapp: form.get("whatsapp") === "si",
    },
    now,
  );
  if (!result.ok) {
    const values: Record<string, string> = { ...parsed.contact };
    const status = result.reason === "limite" ? 429 : 409;
    return data({ formError: result.message, errors: {}, values, slotGone: result.reason === "horario" }, { status });
  }
  return redirect(`/cita/${result.cita.token}`);
}

const fieldError = (errors: Record<string, string>, name: string) =>
  errors[name] ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
      {errors[name]}
    </p>
  ) : null;

export default function AgendarTratamiento({ loaderData, actionData }: Route.ComponentProps) {
  const { treatment, session, retoque, prueba, days, fecha, chosen, user, consent, consentVigente, policyHtml } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const base = `/agendar/${treatment.id}?${retoque ? `retoque=${encodeURIComponent(retoque)}&` : ""}${prueba?.token ? `prueba=${encodeURIComponent(prueba.token)}&` : ""}`;
  const href = (f: string, inicio?: string) =>
    inicio ? `${base}fecha=${f}&inicio=${encodeURIComponent(inicio)}#datos` : `${base}fecha=${f}#horarios`;
  const input = (name: string) => ({
    name,
    id: name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });

  return (
    <section className="container-page py-8 md:py-14">
      <Link to="/agendar" className="inline-flex items-center gap-1 text-sm text-muted hover:text-clay-dark">
        <ArrowLeft className="size-4" aria-hidden /> Servicios
      </Link>
      <p className="eyebrow mt-4">{treatment.servicioNombre}</p>
      <h1 className="mt-2 text-4xl md:text-5xl">
        {retoque ? `Retoque de ${treatment.nombre}` : treatment.nombre}
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-ink/80">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden /> {durationText(session.duracion)}
        </span>
        <span>· {formatPrice(session.precio)}</span>
        {session.anticipo > 0 && <span>· anticipo {formatPrice(session.anticipo)}</span>}
      </p>
      {treatment.retoqueDesde != null && !retoque && (
        <p className="mt-2 text-sm text-muted">
          Incluye invitación a tu retoque entre {treatment.retoqueDesde} y {treatment.retoqueHasta} días después
          {treatment.precioRetoque != null && <> ({formatPrice(treatment.precioRetoque)})</>}.
        </p>
      )}

      {prueba && <PatchTestNotice step={prueba} />}

      <section id="horarios" aria-labelledby="horarios-titulo" className="mt-8 scroll-mt-24">
        <h2 id="horarios-titulo" className="text-2xl md:text-3xl">
          1. Elige día y hora
        </h2>
        <p className="mt-1 text-sm text-muted">Horario de Guadalajara (hora del centro de México).</p>
        <SlotPicker days={days} fecha={fecha} inicio={chosen?.inicio ?? null} href={href} />
      </section>

      {actionData && "offer" in actionData && actionData.offer ? (
        <ValoracionOffer offer={actionData.offer} />
      ) : chosen && (
        <Form method="post" id="datos" className="mt-10 max-w-2xl scroll-mt-24 space-y-10" data-testid="booking-form">
          <input type="hidden" name="inicio" value={chosen.inicio} />
          {retoque && <input type="hidden" name="retoque" value={retoque} />}
          <p className="rounded-2xl bg-sand/50 px-5 py-4 font-medium text-cocoa" data-testid="booking-chosen">
            {treatment.nombre}: {chosen.texto}
          </p>

          <fieldset className="space-y-4">
            <legend className="text-2xl md:text-3xl">2. Tus datos</legend>
            <div>
              <label htmlFor="nombre" className="block text-sm font-medium">
                Nombre completo
              </label>
              <input {...input("nombre")} className="field mt-1" autoComplete="name" required maxLength={TEXT_LIMITS.nombre} defaultValue={values.nombre ?? user?.nombre ?? ""} />
              {fieldError(errors, "nombre")}
            </div>
            <div>
              <label htmlFor="telefono" className="block text-sm font-medium">
                WhatsApp
              </label>
              <input {...input("telefono")} className="field mt-1" type="tel" inputMode="tel" autoComplete="tel" required maxLength={TEXT_LIMITS.telefono} placeholder="33 1234 5678" defaultValue={values.telefono ?? ""} />
              {fieldError(errors, "telefono")}
            </div>
            <div>
              <label htmlFor="correo" className="block text-sm font-medium">
                Correo
              </label>
              <input {...input("correo")} className="field mt-1" type="email" autoComplete="email" required maxLength={TEXT_LIMITS.correo} defaultValue={values.correo ?? user?.correo ?? ""} />
              {fieldError(errors, "correo")}
            </div>
          </fieldset>

          {consent && (
            <ConsentForm consent={consent} legend={`3. ${consent.titulo}`} errors={errors} values={values} />
          )}

          {consentVigente && <ConsentStanding firmadoEn={consentVigente} />}

          <fieldset className="space-y-4">
            <legend className="text-2xl md:text-3xl">{consent ? "4" : "3"}. Cambios, cancelaciones y anticipo</legend>
            <ContentHtml html={policyHtml} className={`${BOOKING_PROSE} rounded-2xl bg-white p-5 text-sm`} />
            <label className="flex items-start gap-3">
              <input type="checkbox" name="politica" value="si" required className="mt-1 size-5 accent-clay" />
              <span>
                Acepto la política de cambios y cancelaciones y los{" "}
                <a href="/terminos-y-condiciones#citas-anticipos" target="_blank" rel="noopener" className="text-clay-dark underline">
                  Términos
                </a>
                .
              </span>
            </label>
            {fieldError(errors, "politica")}
            <WhatsAppOptIn />
          </fieldset>

          {actionData?.formError && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-red-800" role="alert" data-testid="booking-error">
              {actionData.formError}
            </p>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="booking-submit">
            {busy
              ? "Apartando tu horario…"
              : session.anticipo > 0
                ? `Apartar y pagar anticipo de ${formatPrice(session.anticipo)}`
                : "Confirmar cita"}
          </button>
        </Form>
      )}

      <p className="mt-12 text-sm text-ink/80">
        ¿No encuentras horario?{" "}
        <Link to={`/agendar/${treatment.id}/lista-de-espera`} className="font-medium text-clay-dark underline">
          Anótate en la lista de espera
        </Link>{" "}
        o{" "}
        <a
          href={whatsappLink(`¡Hola Michel! Me gustaría agendar ${treatment.nombre}.`)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-clay-dark underline"
        >
          <MessageCircle className="size-4" aria-hidden /> Escríbenos por WhatsApp
        </a>
      </p>
    </section>
  );
}
