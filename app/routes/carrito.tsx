import { ShoppingBag, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, data, redirect, redirectDocument, useFetcher } from "react-router";
import { type LocalCode, rememberCartId, rememberCodes } from "~/components/cart/local-storage";
import { useLoginRequired } from "~/components/auth/login-overlay-provider";
import { TermsPrompt } from "~/components/auth/terms-prompt";
import { pageMeta, rootOrigin } from "~/components/site/seo";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { UNAVAILABLE_LABEL, cartStockShort, cartSummary, stockNote } from "~/domain/cart";
import { TEXT_LIMITS, invalidRequest, isPlainId, tooManyAttempts } from "~/domain/limits";
import { type AlertMessage, codeFound, codeInvalidProduct, invalidQuantity, loginRequiredPurchase } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { QUANTITY_MAX, cartLineQuantity, quantityOverMax } from "~/domain/quantity";
import {
  applyDiscountCode,
  availableLines,
  cartLineUnitPrice,
  cartResponseHeaders,
  getCartId,
  loadCart,
  loadShippingRates,
  nothingAvailable,
  overStock,
  removeCartLine,
  updateCartLines,
} from "~/server/shop/cart.server";
import { getDb } from "~/server/db/index.server";
import { throttle } from "~/server/rate-limit.server";
import { currentUser } from "~/server/session.server";
import { cartOf } from "~/server/shop/abandoned-cart.server";
import { buyerRefusalStatus, checkBuyer } from "~/server/shop/buyer.server";
import type { Route } from "./+types/carrito";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  // the abandoned-cart mail's link (ADR 036): her own cart, on this browser too
  const recuperar = new URL(request.url).searchParams.get("recuperar");
  if (recuperar !== null) {
    const user = await currentUser(request);
    const mine = user && isPlainId(recuperar) ? await cartOf(db, recuperar, user.id) : null;
    throw redirect("/carrito", mine ? { headers: await cartResponseHeaders(mine) } : undefined);
  }
  const cartId = await getCartId(request);
  const [cart, rates, user] = await Promise.all([loadCart(db, cartId), loadShippingRates(db), currentUser(request)]);
  const lines = (cart?.lines ?? []).map((line) => ({
    ...line,
    precioUnitario: cartLineUnitPrice(line),
    /** what the cart says when the stock cannot serve the quantity ('Solo quedan 2 disponibles') */
    aviso: line.disponible ? stockNote(line) : null,
  }));
  const body = {
    cartId: lines.length ? (cart?.id ?? null) : null,
    lines,
    rates,
    user: user ? { terminos: user.terminos } : null,
  };
  // A cookie naming a cart that no longer exists is cleared.
  if (cartId && !cart) return data(body, { headers: await cartResponseHeaders(null) });
  return body;
}

export type CartActionData =
  | { intent: "update" | "remove"; ok: true }
  | { intent: "code"; ok: true; productoId: string; message: AlertMessage }
  | { intent: "code"; ok: false; productoId: string; message: AlertMessage }
  | { intent: "pagar" | "update"; ok: false; message: AlertMessage; terms?: boolean; login?: boolean };

/**
 * Every cart write. Form fields: `cantidad.{productoId}` (quantities), `codigo.{productoId}`
 * (discount codes) and the button's `intent`: update, pagar, remove:{productoId},
 * code:{productoId}. Prices are never read from the request.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const cartId = await getCartId(request);
  if (!cartId) return redirect("/carrito", { headers: await cartResponseHeaders(null) });

  const reply = async (body: CartActionData, newCartId: string | null, status = 200) =>
    data(body, { status, headers: await cartResponseHeaders(newCartId) });

  if (intent.startsWith("remove:")) {
    const productoId = intent.slice("remove:".length);
    // An id no product has (too long, control characters) removes nothing.
    if (!isPlainId(productoId)) return reply({ intent: "remove", ok: true }, cartId);
    const result = await removeCartLine(db, cartId, productoId);
    return reply({ intent: "remove", ok: true }, result.cartId);
  }

  if (intent.startsWith("code:")) {
    const productoId = intent.slice("code:".length);
    if (!isPlainId(productoId)) return reply({ intent: "code", ok: false, productoId: "", message: codeInvalidProduct }, cartId, 400);
    // Guessing codes costs time: a few checks per visitor and account, then a wait.
    const user = await currentUser(request);
    const limit = await throttle(db, "codigo", { ip: context.clientIp, userId: user?.id });
    if (!limit.allowed) {
      const message = tooManyAttempts(limit.retryAfterSeconds);
      return reply({ intent: "code", ok: false, productoId, message }, cartId, 429);
    }
    const result = await applyDiscountCode(db, cartId, productoId, form.get(`codigo.${productoId}`));
    if (!result.ok) return reply({ intent: "code", ok: false, productoId, message: result.message }, cartId, 400);
    return reply({ intent: "code", ok: true, productoId, message: codeFound }, result.cartId);
  }

  if (intent === "update" || intent === "pagar") {
    const updates = [...form.keys()]
      .filter((key) => key.startsWith("cantidad."))
      .map((key) => ({ productoId: key.slice("cantidad.".length), cantidad: form.get(key) }));
    // More than the most one line may hold is refused whole, rather than dropped or cut.
    if (updates.some((update) => quantityOverMax(update.cantidad))) {
      return reply({ intent: "update", ok: false, message: invalidQuantity }, cartId, 400);
    }
    const { cartId: kept } = await updateCartLines(db, cartId, updates);
    if (intent === "update" || !kept) return reply({ intent: "update", ok: true }, kept);

    // Pagar (SPEC section 4): the buyer gate — logged out → error; terms not accepted → the
    // terms popup; otherwise a full page load of /pagar (its codes are already on the lines).
    const gate = await checkBuyer(request);
    if (!gate.ok) {
      const body = {
        intent: "pagar",
        ok: false,
        message: gate.message,
        terms: gate.reason === "terminos",
        login: gate.reason === "login",
      } as const;
      return reply(body, kept, buyerRefusalStatus(gate.reason));
    }
    // Said here, in the cart, rather than first at /pagar: nothing left on sale, or quantities
    // above what the stock has (lines no longer on sale never block: checkout leaves them out).
    const cart = await loadCart(db, kept);
    const lines = cart?.lines ?? [];
    if (availableLines(lines).length === 0) {
      return reply({ intent: "pagar", ok: false, message: nothingAvailable }, kept, 409);
    }
    const short = overStock(lines);
    if (short.length > 0) {
      return reply({ intent: "pagar", ok: false, message: cartStockShort(short) }, kept, 409);
    }
    return redirectDocument("/pagar", { headers: await cartResponseHeaders(kept) });
  }

  throw data({ message: invalidRequest }, { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Carrito",
    description: "Tu carrito de compras en Michel Alvarez.",
    origin: rootOrigin(matches),
    path: "/carrito",
  });
}

export default function Carrito({ loaderData, actionData }: Route.ComponentProps) {
  const { cartId, lines } = loaderData;
  // Only set when the form was posted without JavaScript (fetchers keep their own answers).
  const notice = actionData && "message" in actionData ? actionData.message : null;

  // Mirror the cart id and the applied codes in local storage (the spec's keys; see
  // components/cart/local-storage.ts: the server never reads them).
  const codes = useMemo<LocalCode[]>(
    () => lines.filter((l) => l.codigo).map((l) => ({ codigo: l.codigo as string, productoId: l.productoId })),
    [lines],
  );
  useEffect(() => {
    rememberCartId(cartId);
    rememberCodes(codes);
  }, [cartId, codes]);

  return (
    <section className="container-page py-10 md:py-16">
      <h1 className="text-center text-4xl md:text-5xl">Carrito</h1>
      {notice && (
        <p role="alert" className="mx-auto mt-6 max-w-xl rounded-2xl bg-white px-5 py-4 text-center text-sm ring-1 ring-sand">
          <strong className="font-medium text-cocoa">{notice.title}</strong> {notice.text}
        </p>
      )}
      {lines.length === 0 ? <EmptyCart /> : <CartContents data={loaderData} />}
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-3xl bg-white/70 px-6 py-12 text-center ring-1 ring-sand">
      <ShoppingBag className="size-10 text-clay" aria-hidden strokeWidth={1.25} />
      <p className="mt-4 font-serif text-2xl text-cocoa">Carrito vacío.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/categorias" className="btn-primary">
          Ir a productos
        </Link>
        <Link to="/cursos" className="btn-outline">
          Ir a cursos
        </Link>
      </div>
    </div>
  );
}

type CartData = Route.ComponentProps["loaderData"];
type Line = CartData["lines"][number];

function CartContents({ data: { lines, rates, user } }: { data: CartData }) {
  const alert = useAlert();
  const requireLogin = useLoginRequired();
  const toast = useToast();
  const form = useFetcher<CartActionData>(); // update, remove, pagar
  const saver = useFetcher<CartActionData>(); // a quantity saved on blur
  const coder = useFetcher<CartActionData>(); // a code applied on blur
  const [termsOpen, setTermsOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Quantities as typed: the local data the spec edits before saving.
  const serverQuantities = useMemo(() => Object.fromEntries(lines.map((l) => [l.productoId, String(l.cantidad)])), [lines]);
  const [quantities, setQuantities] = useState<Record<string, string>>(serverQuantities);
  useEffect(() => {
    // After each save the server's numbers win, except in the field being typed in.
    const focused = document.activeElement?.getAttribute("data-producto");
    setQuantities((typed) => {
      const next = { ...serverQuantities };
      if (focused && focused in next && typed[focused] !== undefined) next[focused] = typed[focused];
      return next;
    });
  }, [serverQuantities]);

  // Lines no longer on sale are listed but never counted.
  const onSale = lines.filter((l) => l.disponible);
  const localLines = onSale.map((l) => ({ ...l, cantidad: cartLineQuantity(quantities[l.productoId]) ?? 0 }));
  const summary = cartSummary(
    localLines.filter((l) => l.cantidad > 0),
    rates,
  );

  useEffect(() => {
    const reply = form.state === "idle" ? form.data : undefined;
    if (!reply) return;
    if (reply.intent === "pagar" && !reply.ok) {
      if (reply.terms) setTermsOpen(true);
      else if (reply.login) void requireLogin(reply.message);
      else void alert.show(reply.message);
    } else if (!reply.ok) {
      void alert.show(reply.message);
    } else if (reply.intent === "update") {
      toast.show("Carrito actualizado");
    }
  }, [form.state, form.data, alert, toast, requireLogin]);

  // A quantity saved on blur that the server refused (over 999): say so.
  useEffect(() => {
    const reply = saver.state === "idle" ? saver.data : undefined;
    if (reply && !reply.ok) void alert.show(reply.message);
  }, [saver.state, saver.data, alert]);

  useEffect(() => {
    const reply = coder.state === "idle" ? coder.data : undefined;
    if (!reply || !("message" in reply)) return;
    // A refused code leaves its field (back to the code still applied, if any), so that it is
    // not sent and refused again when the field loses focus on the way to 'Pagar'.
    if (!reply.ok && reply.intent === "code") {
      const input = formRef.current?.elements.namedItem(`codigo.${reply.productoId}`);
      const applied = lines.find((l) => l.productoId === reply.productoId)?.codigo ?? "";
      if (input instanceof HTMLInputElement) input.value = applied;
    }
    void alert.show(reply.message);
  }, [coder.state, coder.data, alert, lines]);

  function saveQuantity(productoId: string) {
    const value = quantities[productoId] ?? "";
    if (value === serverQuantities[productoId]) return;
    void saver.submit({ intent: "update", [`cantidad.${productoId}`]: value }, { method: "post" });
  }

  function applyCode(line: Line, value: string) {
    const codigo = value.trim();
    if (!codigo || codigo === line.codigo) return;
    void coder.submit({ intent: `code:${line.productoId}`, [`codigo.${line.productoId}`]: codigo }, { method: "post" });
  }

  function pay(event: React.MouseEvent<HTMLButtonElement>) {
    // Answer at once what the server would answer; it checks again when the form arrives.
    if (!user) {
      event.preventDefault();
      void requireLogin(loginRequiredPurchase);
    } else if (!user.terminos) {
      event.preventDefault();
      setTermsOpen(true);
    }
  }

  // Only the whole-form submissions disable the buttons: a blur save starting on the mousedown
  // of "Pagar" must not swallow its click.
  const busy = form.state !== "idle";

  return (
    <form.Form method="post" ref={formRef} className="mt-8 grid gap-8 md:mt-12 md:grid-cols-[1fr_18rem] md:items-start lg:grid-cols-[1fr_20rem]">
      {/* Enter in a field saves the cart (the first submit button is the default one). */}
      <button type="submit" name="intent" value="update" className="sr-only" tabIndex={-1} aria-hidden="true" />

      <table className="w-full text-sm max-sm:block" data-testid="cart-table">
        <thead className="border-b border-sand text-left text-xs tracking-[0.2em] text-muted max-sm:sr-only">
          <tr>
            <th scope="col" className="pb-3 font-medium">
              PRODUCTO
            </th>
            <th scope="col" className="pb-3 font-medium">
              PRECIO
            </th>
            <th scope="col" className="pb-3 font-medium">
              CANTIDAD
            </th>
            <th scope="col" className="pb-3 text-right font-medium">
              TOTAL
            </th>
            <th scope="col" className="pb-3">
              <span className="sr-only">Quitar</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-4">
          {lines.map((line) => {
            if (!line.disponible) return <UnavailableRow key={line.productoId} line={line} />;
            const local = cartLineQuantity(quantities[line.productoId]);
            // Said as it is typed: more than the stock has.
            const note = line.stock > 0 && local !== null ? stockNote({ stock: line.stock, cantidad: local }) : null;
            return (
              <tr
                key={line.productoId}
                data-testid="cart-line"
                className="border-b border-sand align-top max-sm:relative max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:rounded-2xl max-sm:border max-sm:bg-white/70 max-sm:p-4"
              >
                <td className="py-5 pr-4 max-sm:p-0 max-sm:pr-10">
                  <span className="mb-2 block text-[0.65rem] tracking-[0.2em] text-muted sm:hidden">PRODUCTO</span>
                  <div className="flex gap-3">
                    <Link
                      to={`/producto/${line.productoId}`}
                      // the name next to it is the same link, for screen readers and keyboards
                      aria-hidden="true"
                      tabIndex={-1}
                      className="size-16 shrink-0 overflow-hidden rounded-xl bg-sand md:size-20"
                    >
                      {line.urlImagen ? <img src={line.urlImagen} alt="" className="size-full object-cover" /> : null}
                    </Link>
                    <div className="flex min-w-0 flex-col gap-2">
                      <Link to={`/producto/${line.productoId}`} className="font-medium text-cocoa hover:text-clay">
                        {line.nombre}
                      </Link>
                      {line.stock <= 0 && <span className="text-xs uppercase tracking-[0.2em] text-red-800">Agotado</span>}
                      {line.codigo && (
                        <p className="text-xs text-clay-dark" data-testid="applied-code">
                          Código {line.codigo} (-{line.descuento}%)
                        </p>
                      )}
                      {/* A label holds one control only (valid HTML): the button sits beside it. */}
                      <div className="flex flex-col gap-1 text-xs text-muted">
                        <label htmlFor={`codigo-${line.productoId}`}>Código de descuento</label>
                        <span className="flex gap-2">
                          <input
                            id={`codigo-${line.productoId}`}
                            name={`codigo.${line.productoId}`}
                            defaultValue={line.codigo ?? ""}
                            maxLength={TEXT_LIMITS.codigo}
                            autoComplete="off"
                            autoCapitalize="characters"
                            className="field max-w-40 px-3 py-1.5 text-sm uppercase"
                            onBlur={(event) => {
                              // A click on 'Aplicar' applies it itself: don't send it twice.
                              if ((event.relatedTarget as HTMLElement | null)?.dataset.apply === line.productoId) return;
                              applyCode(line, event.currentTarget.value);
                            }}
                            onKeyDown={(event) => {
                              if (event.key === "Enter") {
                                event.preventDefault();
                                applyCode(line, event.currentTarget.value);
                              }
                            }}
                          />
                          <button
                            type="submit"
                            name="intent"
                            value={`code:${line.productoId}`}
                            data-apply={line.productoId}
                            className="rounded-full border border-cocoa/30 px-3 text-[0.7rem] uppercase tracking-[0.14em] text-cocoa hover:border-clay hover:text-clay"
                            onClick={(event) => {
                              // With JavaScript: apply just this code, without saving the whole form.
                              event.preventDefault();
                              const input = event.currentTarget.form?.elements.namedItem(`codigo.${line.productoId}`);
                              if (input instanceof HTMLInputElement) applyCode(line, input.value);
                            }}
                          >
                            Aplicar
                          </button>
                        </span>
                      </div>
                    </div>
                  </div>
                </td>
                <td className="py-5 pr-4 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:p-0">
                  <span className="text-[0.65rem] tracking-[0.2em] text-muted sm:hidden">PRECIO</span>
                  <span className="flex flex-col items-end sm:items-start" data-testid="unit-price">
                    {line.codigo ? (
                      <>
                        <del className="text-xs text-muted">{formatPrice(line.precio)}</del>
                        <span className="font-medium text-clay-dark">{formatPrice(line.precioUnitario)}</span>
                      </>
                    ) : (
                      formatPrice(line.precio)
                    )}
                  </span>
                </td>
                <td className="py-5 pr-4 max-sm:flex max-sm:items-center max-sm:justify-between max-sm:p-0">
                  <label htmlFor={`cantidad-${line.productoId}`} className="text-[0.65rem] tracking-[0.2em] text-muted sm:hidden">
                    CANTIDAD
                  </label>
                  <span className="flex flex-col items-end gap-1.5 sm:items-start">
                    <input
                      id={`cantidad-${line.productoId}`}
                      type="number"
                      max={QUANTITY_MAX}
                      name={`cantidad.${line.productoId}`}
                      data-producto={line.productoId}
                      value={quantities[line.productoId] ?? ""}
                      onChange={(event) => setQuantities((q) => ({ ...q, [line.productoId]: event.target.value }))}
                      onBlur={() => saveQuantity(line.productoId)}
                      aria-label={`Cantidad de ${line.nombre}`}
                      aria-invalid={note ? true : undefined}
                      aria-describedby={note ? `stock-${line.productoId}` : undefined}
                      className={`field w-20 px-3 py-2 text-center ${note ? "ring-1 ring-clay-dark/60" : ""}`}
                    />
                    <span
                      id={`stock-${line.productoId}`}
                      role="status"
                      data-testid="stock-note"
                      className="max-w-36 text-right text-xs leading-snug text-clay-dark empty:hidden sm:text-left"
                    >
                      {note}
                    </span>
                  </span>
                </td>
                <td className="py-5 text-right font-medium text-cocoa max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:p-0">
                  <span className="text-[0.65rem] font-normal tracking-[0.2em] text-muted sm:hidden">TOTAL</span>
                  <span data-testid="line-total">{local === null ? "—" : formatPrice(line.precioUnitario * local)}</span>
                </td>
                <RemoveLineCell line={line} />
              </tr>
            );
          })}
        </tbody>
      </table>

      <aside aria-labelledby="resumen" className="rounded-3xl bg-white/80 p-6 ring-1 ring-sand md:sticky md:top-28">
        <h2 id="resumen" className="text-2xl">
          Resumen
        </h2>
        <dl className="mt-4 flex flex-col gap-3 text-sm" data-testid="cart-summary">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Sub-Total</dt>
            <dd data-testid="subtotal">{formatPrice(summary.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">
              Envio
              <span className="block text-xs">Envío Express</span>
            </dt>
            <dd data-testid="shipping" className="text-right">
              {summary.shipping.ok ? (
                rates.gratis ? (
                  "Gratis"
                ) : (
                  formatPrice(summary.shipping.centavos)
                )
              ) : (
                <span className="block max-w-44 text-xs leading-snug text-clay-dark">{summary.shipping.message}</span>
              )}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-sand pt-3 text-base font-medium text-cocoa">
            <dt>Total</dt>
            <dd data-testid="total">{formatPrice(summary.total)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-col gap-3">
          <button type="submit" name="intent" value="update" className="btn-outline" disabled={busy}>
            Actualizar carrito
          </button>
          <button
            type="submit"
            name="intent"
            value="pagar"
            className="btn-primary"
            disabled={busy || onSale.length === 0}
            onClick={pay}
          >
            Pagar
          </button>
        </div>
      </aside>

      <TermsPrompt
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccepted={() => {
          setTermsOpen(false);
          // Terms recorded: save the quantities and go on to /pagar (the server checks again).
          const data = new FormData(formRef.current ?? undefined);
          data.set("intent", "pagar");
          void form.submit(data, { method: "post" });
        }}
      />
    </form.Form>
  );
}

/** A product unpublished while in the cart: listed to be removed, out of every total. */
function UnavailableRow({ line }: { line: Line }) {
  return (
    <tr
      data-testid="cart-line-unavailable"
      className="border-b border-sand align-top max-sm:relative max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:rounded-2xl max-sm:border max-sm:bg-white/50 max-sm:p-4"
    >
      <td className="py-5 pr-4 max-sm:p-0 max-sm:pr-10">
        <div className="flex gap-3">
          <span className="size-16 shrink-0 overflow-hidden rounded-xl bg-sand md:size-20">
            {line.urlImagen ? <img src={line.urlImagen} alt="" className="size-full object-cover opacity-50 grayscale" /> : null}
          </span>
          <div className="flex min-w-0 flex-col gap-2">
            <span className="font-medium text-muted">{line.nombre}</span>
            <span className="w-fit rounded-full bg-sand px-2.5 py-1 text-[0.65rem] uppercase tracking-[0.2em] text-cocoa">
              {UNAVAILABLE_LABEL}
            </span>
          </div>
        </div>
      </td>
      <td colSpan={3} className="py-5 pr-4 text-sm text-muted max-sm:p-0">
        Este producto ya no está a la venta y no se incluye en tu pedido.
      </td>
      <RemoveLineCell line={line} />
    </tr>
  );
}

/** The cell with a line's remove button (the cart form's `remove:{productoId}` intent). */
function RemoveLineCell({ line }: { line: { productoId: string; nombre: string } }) {
  return (
    <td className="py-4 pl-2 text-right max-sm:absolute max-sm:right-2 max-sm:top-2 max-sm:p-0">
      <button
        type="submit"
        name="intent"
        value={`remove:${line.productoId}`}
        aria-label={`Quitar ${line.nombre}`}
        className="rounded-full p-2 text-muted hover:bg-sand hover:text-cocoa"
      >
        <X className="size-4" aria-hidden />
      </button>
    </td>
  );
}
