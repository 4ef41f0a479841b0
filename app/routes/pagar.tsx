/**
 * /pagar: the three-step checkout of the cart (SPEC §2 'Checkout screen', §4 'Checkout flow').
 * Información (shipping and contact form) → Envío (summary and Envío Express) → Pagar (card
 * panel). The step is in the URL, the data in a signed cookie (checkout.server.ts), every
 * amount in the right column comes from priceCart on each load: stored codes re-checked,
 * discounts floored, shipping priced, stock checked before any charge.
 */
import { Form, Link, data, redirect, useNavigate } from "react-router";
import { useEffect, useRef, useState } from "react";
import { type CheckoutStep, CheckoutBreadcrumb } from "~/components/checkout/checkout-steps";
import { MobileOrderSummary, OrderSummary } from "~/components/checkout/order-summary";
import { PaymentPanel } from "~/components/checkout/payment-panel";
import { useAlert } from "~/components/ui/alert-provider";
import { site } from "~/config/site";
import {
  CHECKOUT_FIELD_MAX,
  CHECKOUT_FIELD_ORDER,
  type CheckoutField,
  type CheckoutForm,
  validateCheckoutForm,
} from "~/domain/checkout";
import { type AlertMessage, shippingRequired } from "~/domain/messages";
import { ESTADOS_MEXICO, estadoMexico } from "~/domain/mexico-states";
import { ShortPrivacyNotice } from "~/components/legal/short-privacy-notice";
import { formatPrice } from "~/domain/money";
import { readCartId } from "~/server/shop/cart-cookie.server";
import { scheduleAbandonedCart } from "~/server/shop/abandoned-cart.server";
import { logError } from "~/server/log.server";
import { checkBuyer } from "~/server/shop/buyer.server";
import { checkoutCookieHeader, prefillCheckout, reachableStep, readCheckout } from "~/server/shop/checkout.server";
import { purchasePause } from "~/server/shop/purchase-pause.server";
import { getDb } from "~/server/db/index.server";
import { paymentPanelConfig } from "~/server/payments/index.server";
import { priceCart, setOrderCode } from "~/server/shop/pricing.server";
import { throttle } from "~/server/rate-limit.server";
import { TEXT_LIMITS, tooManyAttempts } from "~/domain/limits";
import type { Route } from "./+types/pagar";

const stepUrl = (step: CheckoutStep) => (step === "informacion" ? "/pagar" : `/pagar?paso=${step}`);

/** Guarded (SPEC §2): logged out → home; terms not accepted → back to the cart, which asks for them. */
async function requireBuyer(request: Request) {
  const gate = await checkBuyer(request);
  if (!gate.ok) throw redirect(gate.reason === "login" ? "/" : "/carrito");
  return gate.user;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBuyer(request);
  const db = getDb();
  const cartId = await readCartId(request);
  const [priced, state, notice] = await Promise.all([
    priceCart(db, cartId, { userId: user.id }),
    readCheckout(request, user.id),
    purchasePause(db),
  ]);
  if (!priced.ok && priced.reason === "vacio") throw redirect("/carrito");
  // the abandoned-cart reminder waits from this visit (ADR 036); sent only with her consent
  if (cartId) {
    await scheduleAbandonedCart(db, { userId: user.id, carritoId: cartId }).catch((error) =>
      logError("Carrito abandonado: no se pudo programar el recordatorio", error),
    );
  }

  // A step whose earlier data is missing (a bookmark, an expired cookie) falls back to it.
  const asked = new URL(request.url).searchParams.get("paso") ?? "informacion";
  const paso = reachableStep(asked, state);
  if (asked !== paso) throw redirect(stepUrl(paso));

  return {
    paso,
    datos: state.datos ?? (await prefillCheckout(db, user)),
    envioElegido: state.envio === "express",
    pedido: priced.ok ? priced.draft : null,
    problema: priced.ok ? null : priced.message,
    notice,
    payment: paymentPanelConfig(priced.ok ? priced.draft.total : undefined),
  };
}

/** A refused step 1 also gives back what was typed (cut to each field's limit) and names the field. */
export type PagarActionData = { message: AlertMessage; field?: CheckoutField; datos?: Partial<CheckoutForm> };

/**
 * intent=informacion: step 1, validated in the spec's order (first missing field →
 * 'Faltan llenar datos!' / 'Llena el dato de {field}'); nothing is kept unless all is valid.
 * intent=envio: step 2, Envío Express must be chosen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireBuyer(request);
  const form = await request.formData();
  const state = await readCheckout(request, user.id);
  const save = async (next: typeof state, step: CheckoutStep) =>
    redirect(stepUrl(step), { headers: { "Set-Cookie": await checkoutCookieHeader(user.id, next) } });

  // intent=codigo-pedido: the whole-order code (empty removes it); priced again on the next load.
  if (form.get("intent") === "codigo-pedido") {
    const db = getDb();
    const cartId = await readCartId(request);
    if (!cartId) return redirect("/carrito");
    // Guessing codes costs time: a few checks per visitor and account, then a wait.
    const limit = await throttle(db, "codigo", { ip: context.clientIp, userId: user.id });
    if (!limit.allowed)
      return data<PagarActionData>({ message: tooManyAttempts(limit.retryAfterSeconds) }, { status: 429 });
    const result = await setOrderCode(db, cartId, form.get("codigoPedido"), { userId: user.id });
    if (!result.ok) return data<PagarActionData>({ message: result.message }, { status: 400 });
    return redirect(stepUrl(reachableStep(new URL(request.url).searchParams.get("paso"), state)));
  }

  if (form.get("intent") === "informacion") {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    const result = validateCheckoutForm(fields);
    if (!result.ok) {
      const { icon, title, text, field } = result;
      const typed: Partial<CheckoutForm> = {};
      for (const name of CHECKOUT_FIELD_ORDER) {
        const value = fields[name];
        if (typeof value === "string") typed[name] = value.slice(0, CHECKOUT_FIELD_MAX[name]);
      }
      return data<PagarActionData>({ message: { icon, title, text }, field, datos: typed }, { status: 400 });
    }
    // Shipping already chosen: straight to payment (SPEC §4).
    return save({ datos: result.data, envio: state.envio }, state.envio ? "pagar" : "envio");
  }

  if (form.get("intent") === "envio") {
    if (!state.datos) return redirect("/pagar");
    if (form.get("envio") !== "express") return data<PagarActionData>({ message: shippingRequired }, { status: 400 });
    return save({ datos: state.datos, envio: "express" }, "pagar");
  }

  return redirect(stepUrl(reachableStep(null, state)));
}

export default function Pagar({ loaderData, actionData }: Route.ComponentProps) {
  const { paso, datos, envioElegido, pedido, problema, notice, payment } = loaderData;
  const alert = useAlert();
  const navigate = useNavigate();

  useEffect(() => {
    if (actionData?.message) void alert.show(actionData.message);
  }, [actionData, alert]);

  // The 'Aviso' notice is shown once when the page opens (SPEC §8).
  const noticeShown = useRef(false);
  useEffect(() => {
    if (notice && !noticeShown.current) {
      noticeShown.current = true;
      void alert.show(notice);
    }
  }, [notice, alert]);

  const hrefs: Partial<Record<CheckoutStep, string>> = { informacion: "/pagar" };
  if (paso !== "informacion") hrefs.envio = stepUrl("envio");
  const summary = pedido && {
    lines: pedido.lines,
    subtotal: pedido.subtotal,
    envio: pedido.envio,
    total: pedido.total,
    descuento: pedido.codigoPedido ?? null,
  };

  return (
    <section className="container-page py-10 md:py-14">
      <title>{`Pagar | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Pagar</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Finalizar compra</h1>

      <div className="mt-8 grid gap-8 md:mt-10 md:grid-cols-[1fr_21rem] md:items-start md:gap-12 lg:grid-cols-[1fr_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <CheckoutBreadcrumb current={paso} hrefs={hrefs} />
          {summary && <MobileOrderSummary {...summary} />}

          {notice && (
            <p
              role="status"
              className="rounded-2xl bg-amber-50 px-5 py-4 text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="purchase-notice"
            >
              <strong className="font-medium">{notice.title}:</strong> {notice.text}
            </p>
          )}
          {pedido && pedido.codigosRechazados.length > 0 && (
            <p className="rounded-2xl bg-blush/30 px-5 py-3 text-sm text-cocoa" data-testid="codes-rejected">
              {pedido.codigosRechazados.length === 1 ? "El código " : "Los códigos "}
              {pedido.codigosRechazados.map((c) => c.codigo).join(", ")}{" "}
              {pedido.codigosRechazados.length === 1 ? "ya no es válido" : "ya no son válidos"} y no se aplicaron.
              {pedido.codigosRechazados.map((c) => (c.motivo ? ` ${c.codigo}: ${c.motivo}` : "")).join("")}
            </p>
          )}
          {pedido && <OrderCodeForm applied={pedido.codigoPedido?.codigo ?? null} />}

          {problema ? (
            <div className="rounded-3xl bg-white/80 p-8 text-center ring-1 ring-sand" data-testid="checkout-problem">
              <h2 className="text-3xl">{problema.title}</h2>
              <p className="mt-3 text-muted">{problema.text}</p>
              <Link to="/carrito" className="btn-primary mt-6">
                Volver al carrito
              </Link>
            </div>
          ) : paso === "informacion" ? (
            <InformationStep datos={actionData?.datos ?? datos} invalid={actionData?.field} />
          ) : paso === "envio" && pedido ? (
            <ShippingStep datos={datos as CheckoutForm} envio={pedido.envio} chosen={envioElegido} />
          ) : pedido ? (
            <>
              <Recap datos={datos as CheckoutForm} envio={pedido.envio} showShipping />
              <PaymentPanel
                config={payment}
                body={{}}
                total={pedido.total}
                disabled={Boolean(notice)}
                onPaid={() => navigate("/")}
              />
            </>
          ) : null}
        </div>

        {summary && <OrderSummary {...summary} />}
      </div>
    </section>
  );
}

/** The whole-order code: one per order, after the product codes; shipping is not discounted. */
function OrderCodeForm({ applied }: { applied: string | null }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3 text-sm" data-testid="order-code">
      <input type="hidden" name="intent" value="codigo-pedido" />
      <label className="flex flex-col gap-1">
        <span className="text-muted">Código de descuento del pedido</span>
        <input
          name="codigoPedido"
          defaultValue={applied ?? ""}
          maxLength={TEXT_LIMITS.codigo}
          className="field"
          autoComplete="off"
        />
      </label>
      <button type="submit" className="btn-outline">
        Aplicar
      </button>
      {applied && (
        <button type="submit" name="codigoPedido" value="" className="text-muted underline">
          Quitar código
        </button>
      )}
    </Form>
  );
}

const FIELDS: {
  name: keyof CheckoutForm;
  label: string;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  pattern?: string;
  title?: string;
  inputMode?: "numeric" | "tel" | "email";
  wide?: boolean;
}[] = [
  { name: "nombre", label: "Nombre", autoComplete: "given-name" },
  { name: "apellido", label: "Apellido", autoComplete: "family-name" },
  {
    name: "direccion",
    label: "Dirección (calle, número, interior)",
    autoComplete: "street-address",
    placeholder: "Av. Chapultepec 123, int. 4",
    wide: true,
  },
  { name: "colonia", label: "Colonia", autoComplete: "address-level3" },
  {
    name: "codigo_postal",
    label: "Código postal",
    autoComplete: "postal-code",
    inputMode: "numeric",
    pattern: "\\d{5}",
    title: "5 dígitos",
    placeholder: "44100",
  },
  { name: "ciudad", label: "Ciudad", autoComplete: "address-level2" },
  { name: "estado", label: "Estado", autoComplete: "address-level1" },
  { name: "pais", label: "País", autoComplete: "country-name" },
];

const CONTACT_FIELDS: typeof FIELDS = [
  {
    name: "correo",
    label: "Correo",
    type: "email",
    autoComplete: "email",
    placeholder: "nombre@ejemplo.com",
    inputMode: "email",
  },
  {
    name: "telefono",
    label: "Teléfono",
    type: "tel",
    autoComplete: "tel-national",
    placeholder: "33-3333-3333",
    inputMode: "tel",
    // Exactly 10 digits; spaces, dashes, dots and brackets between them are fine. Brackets
    // escaped: browsers compile `pattern` with the v flag, where a bare '(' in [] is an error.
    pattern: "[\\s\\-.\\(\\)]*(\\d[\\s\\-.\\(\\)]*){10}",
    title: "10 dígitos, por ejemplo 33-3333-3333",
  },
];

function Field({
  field,
  value,
  invalid = false,
}: {
  field: (typeof FIELDS)[number];
  value: string | undefined;
  invalid?: boolean;
}) {
  if (field.name === "estado") return <EstadoSelect label={field.label} value={value} invalid={invalid} />;
  return (
    <label className={`flex flex-col gap-1.5 text-sm text-cocoa ${field.wide ? "sm:col-span-2" : ""}`}>
      {field.label}
      <input
        name={field.name}
        type={field.type ?? "text"}
        required
        maxLength={CHECKOUT_FIELD_MAX[field.name]}
        defaultValue={value ?? (field.name === "pais" ? "México" : "")}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
        pattern={field.pattern}
        title={field.title}
        inputMode={field.inputMode}
        aria-invalid={invalid || undefined}
        className="field"
      />
    </label>
  );
}

/** 'Estado': one of the 32 states (the server checks it against the same list), empty until chosen. */
function EstadoSelect({ label, value, invalid }: { label: string; value: string | undefined; invalid: boolean }) {
  return (
    // Labelled by id, not by wrapping: a wrapping label's name would take in every option
    // ("Ciudad de México"), and 'Ciudad' would name two fields.
    <div className="flex flex-col gap-1.5 text-sm text-cocoa">
      <label htmlFor="checkout-estado">{label}</label>
      <select
        id="checkout-estado"
        name="estado"
        required
        defaultValue={(value && estadoMexico(value)) || ""}
        autoComplete="address-level1"
        aria-invalid={invalid || undefined}
        className="field"
      >
        <option value="">
          Elige tu estado
        </option>
        {ESTADOS_MEXICO.map((estado) => (
          <option key={estado} value={estado}>
            {estado}
          </option>
        ))}
      </select>
    </div>
  );
}

function InformationStep({ datos, invalid }: { datos: Partial<CheckoutForm>; invalid?: CheckoutField }) {
  const alert = useAlert();
  // The field the last check refused (the server's, or this page's own check): aria-invalid.
  const [refused, setRefused] = useState<CheckoutField | undefined>(invalid);
  useEffect(() => setRefused(invalid), [invalid]);
  // noValidate: the spec's alert names the first missing field in the spec's order, not the
  // browser's own bubble on whichever field comes first on screen. The same rule runs here
  // (at once) and on the server (the real gate, and without JavaScript).
  function check(event: React.FormEvent<HTMLFormElement>) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of new FormData(event.currentTarget)) fields[key] = value;
    const result = validateCheckoutForm(fields);
    if (result.ok) return;
    event.preventDefault();
    const { icon, title, text } = result;
    setRefused(result.field);
    void alert.show({ icon, title, text });
  }
  return (
    <Form method="post" noValidate onSubmit={check} className="flex flex-col gap-8" data-testid="checkout-information">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 font-serif text-2xl text-cocoa">Contacto</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {CONTACT_FIELDS.map((f) => (
            <Field key={f.name} field={f} value={datos[f.name]} invalid={refused === f.name} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 font-serif text-2xl text-cocoa">Dirección de envío</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <Field key={f.name} field={f} value={datos[f.name]} invalid={refused === f.name} />
          ))}
        </div>
      </fieldset>
      <ShortPrivacyNotice purpose="enviarte tu pedido y avisarte de su estado" />
      <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Link to="/carrito" className="text-center text-sm text-clay-dark underline-offset-4 hover:underline">
          Volver al carrito
        </Link>
        <button type="submit" name="intent" value="informacion" className="btn-primary">
          Continuar
        </button>
      </div>
    </Form>
  );
}

/** Contacto and Enviar a, each with 'Cambiar' back to step 1 (SPEC §2). */
function Recap({ datos, envio, showShipping }: { datos: CheckoutForm; envio: number; showShipping: boolean }) {
  // Phones: label and 'Cambiar' on one line, the value under them; wider: one line each.
  const row = "grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-5 py-4 sm:grid-cols-[6rem_1fr_auto] sm:items-baseline";
  const value = "col-span-2 row-start-2 text-cocoa sm:col-span-1 sm:col-start-2 sm:row-start-1";
  const change = "col-start-2 row-start-1 text-clay-dark underline-offset-4 hover:underline sm:col-start-3";
  return (
    <div className="divide-y divide-sand rounded-2xl bg-white/80 text-sm ring-1 ring-sand" data-testid="checkout-recap">
      <div className={row}>
        <span className="text-muted">Contacto</span>
        <span className={value} data-testid="recap-contacto">
          {datos.nombre} {datos.apellido}
          <span className="block text-muted">{datos.correo}</span>
        </span>
        <Link to="/pagar" className={change}>
          Cambiar
        </Link>
      </div>
      <div className={row}>
        <span className="text-muted">Enviar a</span>
        <span className={value} data-testid="recap-envio">
          {datos.direccion}, {datos.estado}, {datos.pais}
        </span>
        <Link to="/pagar" className={change}>
          Cambiar
        </Link>
      </div>
      {showShipping && (
        <div className={row}>
          <span className="text-muted">Envío</span>
          <span className={value}>Envío Express · {envio === 0 ? "Gratis" : formatPrice(envio)}</span>
          <Link to={stepUrl("envio")} className={change}>
            Cambiar
          </Link>
        </div>
      )}
    </div>
  );
}

function ShippingStep({ datos, envio, chosen }: { datos: CheckoutForm; envio: number; chosen: boolean }) {
  return (
    <div className="flex flex-col gap-8">
      <Recap datos={datos} envio={envio} showShipping={false} />
      <Form method="post" className="flex flex-col gap-6" data-testid="checkout-shipping">
        <fieldset>
          <legend className="mb-4 font-serif text-2xl text-cocoa">Envios</legend>
          <label className="flex cursor-pointer items-center gap-4 rounded-2xl bg-white/80 px-5 py-4 ring-1 ring-sand has-[:checked]:ring-2 has-[:checked]:ring-clay">
            <input type="radio" name="envio" value="express" defaultChecked={chosen} className="size-4 accent-clay" />
            <span className="flex-1 text-cocoa">Envío Express</span>
            <span className="font-medium text-cocoa" data-testid="shipping-price">
              {envio === 0 ? "Gratis" : formatPrice(envio)}
            </span>
          </label>
        </fieldset>
        <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/pagar" className="text-center text-sm text-clay-dark underline-offset-4 hover:underline">
            Volver a información
          </Link>
          <button type="submit" name="intent" value="envio" className="btn-primary">
            Continuar
          </button>
        </div>
      </Form>
    </div>
  );
}
