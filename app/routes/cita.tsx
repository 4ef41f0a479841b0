/**
 * /cita/{token} (issue 15): the appointment's own page, reached from the booking flow and
 * from every mail, without logging in (the token is the key). By state:
 *   apartada (hold running) → pay the deposit (the demo card offline; deposit.server.ts);
 *   confirmada              → "¡Cita confirmada!": date, time, address, map, what to bring,
 *                             and reschedule or cancel up to 48 h before (later: WhatsApp);
 *   vencida / cancelada     → what happened, and a way to book again.
 */
import { CalendarCheck, CreditCard, Landmark, MapPin, MessageCircle, Store } from "lucide-react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { BOOKING_PROSE } from "~/components/booking/prose";
import { SlotPicker } from "~/components/booking/slot-picker";
import { StripeDeposit } from "~/components/booking/stripe-deposit";
import { PendingPaymentCard } from "~/components/checkout/pending-payment";
import { ContentHtml } from "~/components/content/content-html";
import { fullAddress, mapLink, site, whatsappLink } from "~/config/site";
import { CITA_ESTADO, canChangeOnline } from "~/domain/agenda";
import { dayLabel } from "~/domain/booking";
import { dayTitle } from "~/domain/studio-calendar";
import { ofertaAnticipo } from "~/domain/deposit-offer";
import { formatPrice } from "~/domain/money";
import { METODO_LABEL, isDiferido } from "~/domain/payment-methods";
import { zonedDate, zonedTime } from "~/domain/slots";
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { availableSlots, findBookable, findByToken } from "~/server/booking/booking.server";
import { preparationText } from "~/server/booking/content.server";
import { authorizeDemoDeposit, completeDeposit, startDeposit } from "~/server/booking/deposit.server";
import { startDepositVoucher, waitingDepositVoucher } from "~/server/booking/deposit-pending.server";
import { simulateDemoPayment } from "~/server/shop/demo-webhook.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { attachAppointmentByLink } from "~/server/booking/appointments.server";
import { cancelByClient, rescheduleByClient } from "~/server/booking/self-service.server";
import { getDb } from "~/server/db/index.server";
import { activeProvider, paymentPanelConfig } from "~/server/payments/index.server";
import { currentUser } from "~/server/session.server";
import { NextSessionLinks } from "~/components/booking/patch-test-notice";
import { sessionsAfterTest } from "~/server/booking/patch-test.server";
import type { Route } from "./+types/cita";

const when = (date: Date) => `${dayTitle(zonedDate(date, STUDIO_TIME_ZONE))}, ${zonedTime(date, STUDIO_TIME_ZONE)} h`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const cita = await findByToken(db, params.token);
  if (!cita) throw data(null, { status: 404 });
  const user = await currentUser(request);
  const treatment = await findBookable(db, cita.tratamientoId);
  const now = new Date();
  const url = new URL(request.url);
  const holding = cita.estado === CITA_ESTADO.apartada && cita.apartadaHasta !== null && cita.apartadaHasta > now;
  const expired = cita.estado === CITA_ESTADO.vencida || (cita.estado === CITA_ESTADO.apartada && !holding);
  const changeable = cita.estado === CITA_ESTADO.confirmada && canChangeOnline(cita.inicio, now);
  const minutes = (cita.fin.getTime() - cita.inicio.getTime()) / 60_000;
  const rescheduling = changeable && url.searchParams.get("cambiar") === "1";
  const days = rescheduling
    ? (await availableSlots(db, minutes, now, { exceptCitaId: cita.id }))
        .map((d) => ({ ...d, label: dayLabel(d.fecha), horas: d.horas.filter((h) => h.inicio !== cita.inicio.toISOString()) }))
        .filter((d) => d.horas.length > 0)
    : [];
  const fecha = days.some((d) => d.fecha === url.searchParams.get("fecha")) ? url.searchParams.get("fecha") : days[0]?.fecha ?? null;
  const nuevo = days.find((d) => d.fecha === fecha)?.horas.find((h) => h.inicio === url.searchParams.get("inicio")) ?? null;
  const payment = paymentPanelConfig();
  // OXXO / SPEI: the voucher that holds this appointment, or whether they may be chosen (domain/deposit-offer.ts).
  const voucher = holding ? await waitingDepositVoucher(db, cita.id) : null;
  const provider = holding && !voucher && payment.provider !== "none" ? activeProvider() : null;
  const diferidos = provider
    ? ofertaAnticipo(
        { methods: provider.methods, oxxoMaximum: provider.oxxoMaximum, minimumAmount: provider.minimumAmount, plans: [] },
        cita.anticipo,
        cita.inicio,
        now,
        provider.name,
      ).metodos.filter((m) => isDiferido(m.metodo))
    : [];
  return {
    token: cita.token,
    estado: holding ? "apartada" : expired ? "vencida" : cita.estado,
    tratamiento: treatment?.nombre ?? "Tu cita",
    tratamientoId: cita.tratamientoId,
    servicio: treatment?.servicioNombre ?? "",
    cuando: when(cita.inicio),
    nombre: cita.nombre,
    precio: cita.precio,
    anticipo: cita.anticipo,
    minutosParaPagar: holding && cita.apartadaHasta ? Math.max(1, Math.ceil((cita.apartadaHasta.getTime() - now.getTime()) / 60_000)) : 0,
    payment,
    voucher,
    diferidos,
    changeable,
    rescheduling,
    days,
    fecha,
    nuevo: nuevo && fecha ? { inicio: nuevo.inicio, texto: `${dayTitle(fecha)}, ${nuevo.hora} h` } : null,
    preparation: preparationText(),
    address: fullAddress(),
    map: mapLink(),
    // 'Guardar en mi cuenta': a guest booking, opened by its secret link while logged in (issue 25)
    guardable: user !== null && cita.userId === null && !expired,
    guardada: url.searchParams.get("guardada") === "1" && user !== null && cita.userId === user.id,
    // a patch test's page: step 2, the session it comes before (issue 30)
    siguientes: await sessionsAfterTest(db, cita),
    whatsapp: whatsappLink(`¡Hola Michel! Quiero cambiar mi cita de ${treatment?.nombre ?? ""} del ${when(cita.inicio)}.`),
  };
}

export function meta() {
  return [{ title: `Tu cita | ${site.name}` }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

type ActionData = { error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused) return data<ActionData>({ error: refused.message }, { status: refused.status, headers: refused.headers });
  const form = await readBookingForm(request);
  if (!form) return data<ActionData>({ error: "La solicitud es demasiado grande." }, { status: 413 });
  const cita = await findByToken(db, params.token);
  if (!cita) throw data(null, { status: 404 });
  const here = `/cita/${cita.token}`;
  const intent = form.get("intent");

  if (intent === "diferido") {
    if (cita.estado !== CITA_ESTADO.apartada) return redirect(here);
    const metodo = String(form.get("metodo") ?? "");
    if (!isDiferido(metodo) || paymentPanelConfig().provider === "none") {
      return data<ActionData>({ error: "Este método de pago no está disponible." }, { status: 400 });
    }
    const started = await startDepositVoucher(db, cita, activeProvider(), metodo);
    if (!started.ok) return data<ActionData>({ error: started.message }, { status: 409 });
    return redirect(here);
  }

  if (intent === "simular") {
    // Demo mode's 'Simular pago recibido' for this appointment's own voucher: the demo's signed webhook.
    const voucher = await waitingDepositVoucher(db, cita.id);
    if (paymentPanelConfig().provider !== "demo" || !voucher) return redirect(here);
    const answer = await simulateDemoPayment(voucher.pagoId, activeProvider());
    if (answer.status !== 200) return data<ActionData>({ error: "El pago no se pudo simular." }, { status: 502 });
    return redirect(here);
  }

  if (intent === "pagar") {
    if (cita.estado !== CITA_ESTADO.apartada) return redirect(here);
    if (await waitingDepositVoucher(db, cita.id)) {
      return data<ActionData>({ error: "Ya generaste una ficha para este anticipo: págala antes de que venza." }, { status: 409 });
    }
    if (paymentPanelConfig().provider !== "demo") {
      return data<ActionData>({ error: "El pago en línea no está disponible. Escríbenos por WhatsApp." }, { status: 409 });
    }
    // The deposit's payment (the pending one again on a retry), the demo card, then the workflow.
    await startDeposit(db, cita, activeProvider());
    const card = { numero: form.get("numero"), vencimiento: form.get("vencimiento"), cvc: form.get("cvc"), nombre: form.get("titular") };
    const authorized = await authorizeDemoDeposit(db, cita, card);
    if (!authorized.ok) return data<ActionData>({ error: `Error: ${authorized.message}` }, { status: 402 });
    const result = await completeDeposit(db, authorized.paymentId);
    if (!result.ok) return data<ActionData>({ error: result.message }, { status: result.reason === "horario" ? 409 : 402 });
    return redirect(here);
  }

  if (intent === "cambiar") {
    const inicio = new Date(String(form.get("inicio") ?? ""));
    if (Number.isNaN(inicio.getTime())) return data<ActionData>({ error: "Elige el nuevo día y hora." }, { status: 400 });
    const result = await rescheduleByClient(db, cita, inicio);
    if (!result.ok) return data<ActionData>({ error: result.message }, { status: 409 });
    return redirect(`${here}?cambiada=1`);
  }

  if (intent === "guardar") {
    if (!user) return data<ActionData>({ error: "Inicia sesión para guardar la cita en tu cuenta." }, { status: 401 });
    await attachAppointmentByLink(db, cita.id, user.id);
    return redirect(`${here}?guardada=1`);
  }

  if (intent === "cancelar") {
    const result = await cancelByClient(db, cita);
    if (!result.ok) return data<ActionData>({ error: result.message }, { status: 409 });
    return redirect(here);
  }
  return data<ActionData>({ error: "No pudimos leer la solicitud." }, { status: 400 });
}

function ErrorText({ error }: { error?: string }) {
  return error ? (
    <p className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-800" role="alert" data-testid="cita-error">
      {error}
    </p>
  ) : null;
}

export default function Cita({ loaderData, actionData }: Route.ComponentProps) {
  const c = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;

  return (
    <section className="container-page max-w-3xl py-10 md:py-16" data-testid="cita" data-estado={c.estado}>
      {c.estado === "apartada" && (
        <>
          <p className="eyebrow">Último paso</p>
          <h1 className="mt-3 text-4xl md:text-5xl">Paga tu anticipo</h1>
          {c.voucher ? (
            <>
              <p className="mt-4 text-ink/85" data-testid="voucher-hold">
                Apartamos <strong>{c.tratamiento}</strong> el <strong>{c.cuando}</strong> a tu nombre hasta el{" "}
                <strong>{c.voucher.venceTexto}</strong>. Paga el anticipo de <strong>{formatPrice(c.anticipo)}</strong> antes
                de esa hora para confirmarla (te enviamos estos datos por correo); el resto (
                {formatPrice(c.precio - c.anticipo)}) se paga en el estudio. Si no recibimos el pago a tiempo, el horario se
                libera.
              </p>
              <div className="mt-6">
                <PendingPaymentCard view={c.voucher} demo={false}>
                  {c.payment.provider === "demo" && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="simular" />
                      <button type="submit" className="btn-accent" disabled={busy} data-testid="simulate-payment">
                        {busy ? "Procesando…" : "Simular pago recibido"}
                      </button>
                    </Form>
                  )}
                </PendingPaymentCard>
              </div>
              <ErrorText error={error} />
            </>
          ) : (
            <>
          <p className="mt-4 text-ink/85">
            Apartamos <strong>{c.tratamiento}</strong> el <strong>{c.cuando}</strong> a tu nombre durante{" "}
            <strong data-testid="hold-minutes">{c.minutosParaPagar} min</strong>. Paga el anticipo de{" "}
            <strong>{formatPrice(c.anticipo)}</strong> para confirmarla; el resto ({formatPrice(c.precio - c.anticipo)}) se paga en el estudio.
          </p>
          {c.payment.provider === "stripe" ? (
            <div className="mt-6 rounded-2xl border border-sand bg-white p-5">
              <StripeDeposit token={c.token} publishableKey={c.payment.publishableKey} label={`Pagar ${formatPrice(c.anticipo)}`} />
            </div>
          ) : c.payment.provider === "demo" ? (
            <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-sand bg-white p-5" data-testid="deposit-form">
              <input type="hidden" name="intent" value="pagar" />
              <p className="rounded-xl border border-dashed border-clay/60 bg-blush/25 px-4 py-3 text-sm text-cocoa">
                <strong className="font-medium">Modo de prueba:</strong> no se hará ningún cargo real. Usa 4242 4242 4242 4242
                (aprobada, crédito), 4000 0566 5566 5556 (aprobada, débito) o 4000 0000 0000 0002 (rechazada), cualquier
                fecha futura y cualquier CVC.
              </p>
              <label className="flex flex-col gap-1.5 text-sm text-cocoa">
                Número de tarjeta
                <input name="numero" required inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} className="field tracking-wider" />
              </label>
              <div className="grid grid-cols-2 gap-4">
                <label className="flex flex-col gap-1.5 text-sm text-cocoa">
                  Vencimiento (MM/AA)
                  <input name="vencimiento" required inputMode="numeric" autoComplete="cc-exp" placeholder="MM/AA" maxLength={7} className="field" />
                </label>
                <label className="flex flex-col gap-1.5 text-sm text-cocoa">
                  CVC
                  <input name="cvc" required inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} className="field" />
                </label>
              </div>
              <label className="flex flex-col gap-1.5 text-sm text-cocoa">
                Nombre en la tarjeta
                <input name="titular" required autoComplete="cc-name" maxLength={80} defaultValue={c.nombre} className="field" />
              </label>
              <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="deposit-submit">
                <CreditCard className="size-4" aria-hidden />
                {busy ? "Procesando…" : `Pagar ${formatPrice(c.anticipo)}`}
              </button>
            </Form>
          ) : (
            <p className="mt-6 text-ink/85">
              El pago en línea no está disponible por ahora.{" "}
              <a href={c.whatsapp} className="text-clay-dark underline">
                Escríbenos por WhatsApp
              </a>{" "}
              para confirmar tu cita.
            </p>
          )}
          {c.diferidos.length > 0 && (
            <div className="mt-6 rounded-2xl border border-sand bg-white p-5" data-testid="deposit-diferido">
              <p className="font-medium text-cocoa">¿Prefieres pagar en efectivo o por transferencia?</p>
              <p className="mt-1 text-sm text-muted">
                Te damos una ficha de OXXO o una CLABE para SPEI y apartamos tu horario hasta que venza.
              </p>
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                {c.diferidos.map((m) => (
                  <Form method="post" key={m.metodo} className="sm:flex-1">
                    <input type="hidden" name="intent" value="diferido" />
                    <input type="hidden" name="metodo" value={m.metodo} />
                    <button type="submit" className="btn-outline w-full" disabled={busy || !m.disponible} data-testid={`deposit-${m.metodo}`}>
                      {m.metodo === "oxxo" ? <Store className="size-4" aria-hidden /> : <Landmark className="size-4" aria-hidden />}
                      {m.metodo === "oxxo" ? "Pagar en OXXO" : METODO_LABEL[m.metodo]}
                    </button>
                  </Form>
                ))}
              </div>
              {c.diferidos.find((m) => !m.disponible)?.motivo && (
                <p className="mt-3 text-sm text-muted" data-testid="deposit-diferido-motivo">
                  {c.diferidos.find((m) => !m.disponible)?.motivo}
                </p>
              )}
            </div>
          )}
          <ErrorText error={error} />
            </>
          )}
        </>
      )}

      {c.estado === "vencida" && (
        <>
          <h1 className="text-4xl md:text-5xl">El tiempo para pagar terminó</h1>
          <p className="mt-4 text-ink/85">No se te cobró nada y el horario se liberó. Puedes elegir otro horario.</p>
          <Link to={`/agendar/${c.tratamientoId}`} className="btn-primary mt-6">
            Elegir otro horario
          </Link>
          <ErrorText error={error} />
        </>
      )}

      {c.estado === "cancelada" && (
        <>
          <h1 className="text-4xl md:text-5xl">Tu cita fue cancelada</h1>
          <p className="mt-4 text-ink/85">
            {c.tratamiento}, {c.cuando}. Si pagaste anticipo y cancelaste con 48 horas o más, te lo devolvemos al mismo medio de
            pago dentro de los próximos 5 días hábiles.
          </p>
          <Link to="/agendar" className="btn-primary mt-6">
            Agendar otra cita
          </Link>
        </>
      )}

      {(c.estado === "confirmada" || c.estado === "atendida" || c.estado === "no-asistio") && (
        <>
          <p className="eyebrow">{c.servicio}</p>
          <h1 className="mt-3 flex items-center gap-3 text-4xl md:text-5xl">
            <CalendarCheck className="size-9 shrink-0 text-clay" aria-hidden />
            {c.estado === "confirmada" ? "¡Cita confirmada!" : "Tu cita"}
          </h1>
          {c.siguientes.length > 0 && <NextSessionLinks links={c.siguientes} />}
          <dl className="mt-6 grid gap-4 rounded-2xl border border-sand bg-white p-5 sm:grid-cols-2" data-testid="cita-datos">
            <div>
              <dt className="text-sm text-muted">Servicio</dt>
              <dd className="font-medium">{c.tratamiento}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Fecha y hora</dt>
              <dd className="font-medium" data-testid="cita-cuando">
                {c.cuando}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted">Dirección</dt>
              <dd className="font-medium">{c.address}</dd>
              <dd className="mt-2">
                <a href={c.map} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-clay-dark underline" data-testid="cita-mapa">
                  <MapPin className="size-4" aria-hidden /> Cómo llegar (Google Maps)
                </a>
              </dd>
            </div>
            {c.anticipo > 0 && (
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted">Pago</dt>
                <dd>
                  Anticipo pagado {formatPrice(c.anticipo)} · en el estudio {formatPrice(c.precio - c.anticipo)}
                </dd>
              </div>
            )}
          </dl>

          {c.estado === "confirmada" && (
            <section aria-labelledby="cambios-titulo" className="mt-8">
              <h2 id="cambios-titulo" className="text-2xl">
                ¿Necesitas cambiarla?
              </h2>
              {c.changeable ? (
                c.rescheduling ? (
                  <div data-testid="reschedule">
                    <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-ink/85">
                      Elige el nuevo día y hora.
                      <Link to="." className="text-sm text-clay-dark underline">
                        No cambiar
                      </Link>
                    </p>
                    <SlotPicker
                      days={c.days}
                      fecha={c.fecha}
                      inicio={c.nuevo?.inicio ?? null}
                      href={(f, inicio) =>
                        inicio ? `?cambiar=1&fecha=${f}&inicio=${encodeURIComponent(inicio)}#nuevo` : `?cambiar=1&fecha=${f}`
                      }
                    />
                    {c.nuevo && (
                      <Form method="post" id="nuevo" className="mt-6">
                        <input type="hidden" name="intent" value="cambiar" />
                        <input type="hidden" name="inicio" value={c.nuevo.inicio} />
                        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="reschedule-submit">
                          Cambiar al {c.nuevo.texto}
                        </button>
                      </Form>
                    )}
                  </div>
                ) : (
                  <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                    <Link to="?cambiar=1" className="btn-outline" data-testid="reschedule-start">
                      Cambiar día u hora
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="cancelar" />
                      <button
                        type="submit"
                        className="btn w-full border border-red-300 text-red-800 hover:bg-red-50 sm:w-auto"
                        disabled={busy}
                        data-testid="cancel-submit"
                        onClick={(e) => {
                          if (!window.confirm("¿Cancelar tu cita? Si pagaste anticipo, te lo devolvemos.")) e.preventDefault();
                        }}
                      >
                        Cancelar cita
                      </button>
                    </Form>
                  </div>
                )
              ) : (
                <p className="mt-3 text-ink/85" data-testid="change-whatsapp">
                  Faltan menos de 48 horas: para cambiarla o cancelarla{" "}
                  <a href={c.whatsapp} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-clay-dark underline">
                    <MessageCircle className="size-4" aria-hidden /> escríbenos por WhatsApp
                  </a>
                  .
                </p>
              )}
              <ErrorText error={error} />
            </section>
          )}

          <section aria-labelledby="preparacion-titulo" className="mt-10">
            <h2 id="preparacion-titulo" className="text-2xl">
              {c.preparation.titulo}
            </h2>
            <ContentHtml html={c.preparation.html} className={BOOKING_PROSE} />
          </section>
        </>
      )}

      {c.guardable && (
        <Form method="post" className="mt-10 rounded-2xl border border-sand bg-white p-5" data-testid="guardar-cita">
          <input type="hidden" name="intent" value="guardar" />
          <p className="text-ink/85">¿Agendaste sin iniciar sesión? Guarda esta cita para verla en Mis citas.</p>
          <button type="submit" className="btn-outline mt-4" disabled={busy}>
            Guardar en mi cuenta
          </button>
        </Form>
      )}
      {c.guardada && (
        <p className="mt-10 rounded-xl bg-blush/30 px-4 py-3 text-cocoa" role="status" data-testid="cita-guardada">
          Guardamos la cita en tu cuenta: la verás en <Link to="/mis-citas" className="underline">Mis citas</Link>.
        </p>
      )}
    </section>
  );
}
