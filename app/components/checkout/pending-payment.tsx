/**
 * A payment that waits for cash or a transfer (issue 14): the OXXO voucher (number, Code 128
 * barcode, amount, expiry; printable) or the SPEI beneficiary, bank, CLABE, reference and
 * amount, as the server stored them; in demo mode the 'Simular pago recibido' button, which makes the demo send the same
 * signed webhook a provider would. Draws what it is given: usable for any thing being paid
 * (an order today, a booking deposit later).
 */
import { Copy, Landmark, Loader2, Printer, Store } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { PAYMENT_API } from "~/config/payments";
import { type AlertMessage, paymentError } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { estadoPagoLabel } from "~/domain/order-status";
import {
  type InstruccionesPago,
  code128Modules,
  describirMsi,
  formatClabe,
  formatVoucherNumber,
} from "~/domain/payment-methods";

/** The voucher number as a Code 128 barcode (set C), drawn as SVG: scales crisp, prints well. */
export function Barcode({ value, className = "" }: { value: string; className?: string }) {
  const modules = code128Modules(value);
  const quiet = 10;
  const width = modules.reduce((a, b) => a + b, 0) + quiet * 2;
  let x = quiet;
  const bars: { x: number; w: number }[] = [];
  modules.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  return (
    <svg
      viewBox={`0 0 ${width} 60`}
      preserveAspectRatio="none"
      className={className}
      role="img"
      aria-label={`Código de barras ${value}`}
      data-testid="voucher-barcode"
    >
      <rect width={width} height="60" fill="#fff" />
      {bars.map((b) => (
        <rect key={b.x} x={b.x} y="0" width={b.w} height="60" fill="#111" />
      ))}
    </svg>
  );
}

export type PendingPaymentView = {
  pagoId: string;
  total: number;
  /** 'pendiente' shows how to pay; 'vencido' says it expired */
  estadoPago: string;
  instrucciones: InstruccionesPago;
  /** the expiry, formatted by the server in the studio's time zone */
  venceTexto: string;
};

export function PendingPaymentCard({
  view,
  demo,
  children,
}: {
  view: PendingPaymentView;
  demo: boolean;
  /** the page's own actions next to 'Imprimir' (a deposit's 'Simular pago recibido' posts to its page) */
  children?: ReactNode;
}) {
  const { instrucciones: i } = view;
  const toast = useToast();
  if (view.estadoPago === "vencido") {
    return (
      <p className="rounded-2xl bg-sand/50 px-5 py-4 text-sm text-cocoa" data-testid="pending-expired">
        La {i.metodo === "oxxo" ? "ficha de OXXO" : "referencia de transferencia"} venció el {view.venceTexto} sin
        recibir el pago y la compra se canceló. No la pagues; puedes volver a comprar cuando quieras.
      </p>
    );
  }
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.show("Copiado");
    } catch {}
  }
  return (
    <div className="printable rounded-2xl bg-white px-5 py-5 ring-1 ring-sand sm:px-7" data-testid="pending-payment">
      {i.metodo === "oxxo" ? (
        <>
          <p className="flex items-center gap-2 font-serif text-2xl text-cocoa">
            <Store className="size-5 text-clay" aria-hidden /> Ficha de pago OXXO
          </p>
          <p className="mt-2 text-sm text-muted">
            Paga en efectivo en cualquier tienda OXXO: muestra el código de barras o dicta el número de referencia. OXXO
            cobra una comisión al recibir el pago.
          </p>
          <Barcode value={i.numero} className="mt-4 h-16 w-full max-w-md" />
          <p className="mt-2 flex flex-wrap items-center gap-3">
            <span className="font-mono text-xl tracking-wider text-cocoa" data-testid="voucher-number">
              {formatVoucherNumber(i.numero)}
            </span>
            <button
              type="button"
              onClick={() => copy(i.numero)}
              className="no-print text-clay-dark"
              aria-label="Copiar referencia"
            >
              <Copy className="size-4" aria-hidden />
            </button>
          </p>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 font-serif text-2xl text-cocoa">
            <Landmark className="size-5 text-clay" aria-hidden /> Transferencia SPEI
          </p>
          <p className="mt-2 text-sm text-muted">
            Transfiere el monto exacto desde tu banca en línea a esta CLABE, con la referencia.
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {i.beneficiario && (
              <>
                <dt className="text-muted">Beneficiario</dt>
                <dd className="text-cocoa" data-testid="spei-beneficiary">
                  {i.beneficiario}
                </dd>
              </>
            )}
            <dt className="text-muted">Banco</dt>
            <dd className="text-cocoa">{i.banco}</dd>
            <dt className="text-muted">CLABE</dt>
            <dd className="flex items-center gap-3">
              <span className="font-mono text-lg tracking-wider text-cocoa" data-testid="spei-clabe">
                {formatClabe(i.clabe)}
              </span>
              <button
                type="button"
                onClick={() => copy(i.clabe)}
                className="no-print text-clay-dark"
                aria-label="Copiar CLABE"
              >
                <Copy className="size-4" aria-hidden />
              </button>
            </dd>
            <dt className="text-muted">Referencia</dt>
            <dd className="font-mono text-cocoa" data-testid="spei-reference">
              {i.referencia}
            </dd>
            <dt className="text-muted">Monto</dt>
            <dd className="text-cocoa" data-testid="spei-amount">
              {formatPrice(view.total)} MXN
            </dd>
          </dl>
        </>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-sand pt-4 text-sm">
        <div>
          <dt className="text-muted">Monto a pagar</dt>
          <dd className="font-serif text-2xl text-cocoa">{formatPrice(view.total)} MXN</dd>
        </div>
        <div>
          <dt className="text-muted">Vence</dt>
          <dd className="text-cocoa" data-testid="pending-expiry">
            {view.venceTexto}
          </dd>
        </div>
      </dl>
      <div className="no-print mt-5 flex flex-wrap gap-3">
        <button type="button" onClick={() => window.print()} className="btn-outline">
          <Printer className="size-4" aria-hidden /> Imprimir
        </button>
        {demo && <SimulatePayment pagoId={view.pagoId} />}
        {children}
      </div>
    </div>
  );
}

/** Demo mode: the demo 'receives' the money and sends its signed webhook, as a provider would. */
function SimulatePayment({ pagoId }: { pagoId: string }) {
  const alert = useAlert();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function simulate() {
    setBusy(true);
    try {
      const response = await fetch(`${PAYMENT_API}/demo/simular`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ paymentId: pagoId }),
      });
      const json = (await response.json().catch(() => null)) as { error?: AlertMessage; resultado?: string } | null;
      if (!response.ok) void alert.show(json?.error ?? paymentError);
      else
        await alert.show(
          json?.resultado === "tarde"
            ? {
                icon: "warning",
                title: "Pago tardío",
                text: "El pago llegó después de vencer: queda registrado para reembolso.",
              }
            : { icon: "success", title: "Pago recibido", text: "Tu compra quedó pagada." },
        );
      revalidator.revalidate();
    } catch {
      void alert.show(paymentError);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" onClick={simulate} disabled={busy} className="btn-accent" data-testid="simulate-payment">
      {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
      Simular pago recibido
    </button>
  );
}

/**
 * /mis-compras' line about how an order was paid: the voucher or CLABE of one that waits
 * ('Pendiente de pago'), 'Vencido', or the MSI plan of a card order (the total is the same).
 */
export function OrderPaymentStatus({
  order,
  demo,
}: {
  order: {
    pagoId: string;
    total: number;
    estadoPago: string;
    meses: number | null;
    instrucciones: InstruccionesPago | null;
    venceTexto: string;
  };
  demo: boolean;
}) {
  if (order.estadoPago === "pagado") {
    if (!order.meses) return null;
    return (
      <p className="border-b border-sand px-5 py-3 text-sm text-cocoa sm:px-7" data-testid="order-msi">
        Pagado con tarjeta a {describirMsi(order.meses, order.total)} (total {formatPrice(order.total)}).
      </p>
    );
  }
  if (!order.instrucciones) return null;
  return (
    <div className="border-b border-sand px-5 py-4 sm:px-7" data-testid="order-pending">
      <p
        className="mb-3 inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-xs text-amber-900 ring-1 ring-amber-200"
        data-testid="order-payment-state"
      >
        {estadoPagoLabel(order.estadoPago)}
      </p>
      <PendingPaymentCard
        view={{
          pagoId: order.pagoId,
          total: order.total,
          estadoPago: order.estadoPago,
          instrucciones: order.instrucciones,
          venceTexto: order.venceTexto,
        }}
        demo={demo}
      />
    </div>
  );
}
