/**
 * /agendar/{tratamiento}/lista-de-espera (issue 30): when the day or time she wants is full,
 * the client leaves her name, WhatsApp and e-mail for a range of days (morning, afternoon or
 * any time). A freed slot is offered to the first in line (booking/waitlist.server.ts).
 */
import { ArrowLeft } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import { site } from "~/config/site";
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { addDays, zonedDate } from "~/domain/slots";
import { FRANJA_LABEL, WAITLIST_MAX_DAYS, parseWaitlistForm } from "~/domain/waitlist";
import { findBookable } from "~/server/booking/booking.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { joinWaitlist } from "~/server/booking/waitlist.server";
import { getDb } from "~/server/db/index.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/lista-de-espera";

export async function loader({ request, params }: Route.LoaderArgs) {
  const treatment = await findBookable(getDb(), params.tratamiento);
  if (!treatment) throw data(null, { status: 404 });
  const user = await currentUser(request);
  const today = zonedDate(new Date(), STUDIO_TIME_ZONE);
  return {
    treatment: { id: treatment.id, nombre: treatment.nombre, servicio: treatment.servicioNombre },
    user: user ? { nombre: user.name, correo: user.email } : null,
    min: today,
    max: addDays(today, WAITLIST_MAX_DAYS),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Lista de espera: ${loaderData?.treatment.nombre ?? "cita"} | ${site.name}` },
    { name: "robots", content: "noindex" },
  ];
}

type ActionData = {
  formError?: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  listo?: boolean;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused) {
    return data<ActionData>(
      { formError: refused.message, errors: {}, values: {} },
      { status: refused.status, headers: refused.headers },
    );
  }
  const form = await readBookingForm(request);
  if (!form)
    return data<ActionData>(
      { formError: "La solicitud es demasiado grande.", errors: {}, values: {} },
      { status: 413 },
    );
  const treatment = await findBookable(db, params.tratamiento);
  if (!treatment) throw data(null, { status: 404 });
  const now = new Date();
  const parsed = parseWaitlistForm(form, now);
  if (!parsed.ok) {
    return data<ActionData>(
      { formError: "Revisa los datos marcados.", errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const result = await joinWaitlist(
    db,
    { tratamientoId: treatment.id, request: parsed.value, userId: user?.id ?? null },
    now,
  );
  if (!result.ok) return data<ActionData>({ formError: result.message, errors: {}, values: {} }, { status: 409 });
  return data<ActionData>({ listo: true, errors: {}, values: {} });
}

export default function ListaDeEspera({ loaderData, actionData }: Route.ComponentProps) {
  const { treatment, user, min, max } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const field = (name: string) => ({
    name,
    id: name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
        {errors[name]}
      </p>
    ) : null;
  return (
    <section className="container-page py-8 md:py-14">
      <Link
        to={`/agendar/${treatment.id}`}
        className="inline-flex items-center gap-1 text-sm text-muted hover:text-clay-dark"
      >
        <ArrowLeft className="size-4" aria-hidden /> Volver al calendario
      </Link>
      <p className="eyebrow mt-4">{treatment.servicio}</p>
      <h1 className="mt-2 text-4xl md:text-5xl">Lista de espera: {treatment.nombre}</h1>
      {actionData?.listo ? (
        <p
          className="mt-8 max-w-2xl rounded-2xl bg-sand/50 px-5 py-4 text-cocoa"
          role="status"
          data-testid="waitlist-done"
        >
          ¡Listo! Te anotamos. Si se libera un horario en esos días te escribimos con un enlace que lo aparta para ti
          durante 30 minutos.
        </p>
      ) : (
        <Form method="post" className="mt-8 max-w-2xl space-y-6" data-testid="waitlist-form">
          <p className="text-ink/80">
            Si se libera un horario en los días que elijas, te lo ofrecemos por orden de llegada.
          </p>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-2xl">¿Qué días te acomodan?</legend>
            <div>
              <label htmlFor="desde" className="block text-sm font-medium">
                Desde
              </label>
              <input
                {...field("desde")}
                type="date"
                className="field mt-1"
                required
                min={min}
                max={max}
                defaultValue={values.desde ?? ""}
              />
              {error("desde")}
            </div>
            <div>
              <label htmlFor="hasta" className="block text-sm font-medium">
                Hasta
              </label>
              <input
                {...field("hasta")}
                type="date"
                className="field mt-1"
                required
                min={min}
                max={max}
                defaultValue={values.hasta ?? ""}
              />
              {error("hasta")}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="franja" className="block text-sm font-medium">
                Horario
              </label>
              <select {...field("franja")} className="field mt-1" defaultValue={values.franja ?? "cualquiera"}>
                <option value="cualquiera">A cualquier hora</option>
                <option value="manana">{FRANJA_LABEL.manana}</option>
                <option value="tarde">{FRANJA_LABEL.tarde}</option>
              </select>
              {error("franja")}
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 text-2xl">Tus datos</legend>
            <div>
              <label htmlFor="nombre" className="block text-sm font-medium">
                Nombre completo
              </label>
              <input
                {...field("nombre")}
                className="field mt-1"
                autoComplete="name"
                required
                maxLength={TEXT_LIMITS.nombre}
                defaultValue={values.nombre ?? user?.nombre ?? ""}
              />
              {error("nombre")}
            </div>
            <div>
              <label htmlFor="telefono" className="block text-sm font-medium">
                WhatsApp
              </label>
              <input
                {...field("telefono")}
                className="field mt-1"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                maxLength={TEXT_LIMITS.telefono}
                placeholder="33 1234 5678"
                defaultValue={values.telefono ?? ""}
              />
              {error("telefono")}
            </div>
            <div>
              <label htmlFor="correo" className="block text-sm font-medium">
                Correo
              </label>
              <input
                {...field("correo")}
                className="field mt-1"
                type="email"
                autoComplete="email"
                required
                maxLength={TEXT_LIMITS.correo}
                defaultValue={values.correo ?? user?.correo ?? ""}
              />
              {error("correo")}
            </div>
          </fieldset>
          {actionData?.formError && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-red-800" role="alert">
              {actionData.formError}
            </p>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Anotándote…" : "Anotarme en la lista de espera"}
          </button>
        </Form>
      )}
    </section>
  );
}
