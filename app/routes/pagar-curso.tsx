/**
 * /pagar-curso/{id}: the checkout of one online course (SPEC §2 'Checkout screen', §4). The
 * same three steps as /pagar, but a course ships nothing, so the payment panel shows at
 * once. The 'Código de Descuento' field is checked 500 ms after the buyer stops typing: the
 * code goes in the URL and the server prices the course again (priceCourse), so every
 * amount on the page, and the one charged, comes from the database.
 */
import { Gift, GraduationCap } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import { CheckoutBreadcrumb } from "~/components/checkout/checkout-steps";
import { MobileOrderSummary, OrderSummary } from "~/components/checkout/order-summary";
import { PaymentPanel } from "~/components/checkout/payment-panel";
import { useAlert } from "~/components/ui/alert-provider";
import { site } from "~/config/site";
import { TEXT_LIMITS, tooManyAttempts, withoutNul } from "~/domain/limits";
import { codeFound, codeInvalidCourse } from "~/domain/messages";
import { coursePerks, requireCourseCheckout } from "~/server/school/enrolment.server";
import { getDb } from "~/server/db/index.server";
import { paymentPanelConfig } from "~/server/payments/index.server";
import { priceCourse } from "~/server/shop/pricing.server";
import { throttle } from "~/server/rate-limit.server";
import { purchasePause } from "~/server/shop/purchase-pause.server";
import type { Route } from "./+types/pagar-curso";

/** The spec's pause before a typed course code is checked (SPEC §9). */
const CODE_DELAY_MS = 500;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCourseCheckout(request, params.id);
  const db = getDb();
  const typed = withoutNul(new URL(request.url).searchParams.get("codigo") ?? "").trim();
  // Longer than any code: no code at all, and not worth a query.
  const codigo = typed.length <= TEXT_LIMITS.codigo ? typed : "";
  // Guessing codes costs time: a few checks per visitor and account, then a wait.
  const limit = codigo ? await throttle(db, "codigo", { ip: context.clientIp, userId: user.id }) : null;
  const bloqueo = limit && !limit.allowed ? tooManyAttempts(limit.retryAfterSeconds) : null;
  let priced = await priceCourse(db, params.id, codigo && !bloqueo ? codigo : null, { userId: user.id });
  // A code that exists but whose rules refuse it now (dates, limits, minimum) says why.
  const rechazo = !priced.ok && priced.reason === "codigo" ? priced.message : null;
  let estadoCodigo: "ninguno" | "valido" | "invalido" | "bloqueado" = bloqueo
    ? "bloqueado"
    : typed
      ? codigo
        ? "valido"
        : "invalido"
      : "ninguno";
  if (!priced.ok && priced.reason === "codigo") {
    // A wrong code: the alert says so and the course stays at its price without it.
    estadoCodigo = "invalido";
    priced = await priceCourse(db, params.id);
  }
  if (!priced.ok) throw redirect("/");
  return {
    cursoId: params.id,
    pedido: priced.draft,
    codigo,
    estadoCodigo,
    bloqueo,
    rechazo,
    perks: await coursePerks(user.id, params.id),
    notice: await purchasePause(db),
    payment: paymentPanelConfig(priced.draft.total),
  };
}

export default function PagarCurso({ loaderData }: Route.ComponentProps) {
  const { cursoId, pedido, codigo, estadoCodigo, bloqueo, rechazo, perks, notice, payment } = loaderData;
  const alert = useAlert();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const [typed, setTyped] = useState(codigo);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const answered = useRef(estadoCodigo === "ninguno" ? "" : `${codigo}:${estadoCodigo}`);
  const checking = navigation.state === "loading" && navigation.location?.pathname === `/pagar-curso/${cursoId}`;

  // One alert per code checked: 'Encontrado' or the spec's course error.
  useEffect(() => {
    const key = `${codigo}:${estadoCodigo}`;
    if (estadoCodigo === "ninguno" || answered.current === key) return;
    answered.current = key;
    void alert.show(
      estadoCodigo === "valido" ? codeFound : (bloqueo ?? rechazo ?? codeInvalidCourse),
    );
  }, [codigo, estadoCodigo, bloqueo, rechazo, alert]);

  // The 'Aviso' notice is shown once when the page opens (SPEC §8).
  const noticeShown = useRef(false);
  useEffect(() => {
    if (notice && !noticeShown.current) {
      noticeShown.current = true;
      void alert.show(notice);
    }
  }, [notice, alert]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function onCodeChange(value: string) {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = value.trim();
      answered.current = "";
      setSearchParams(next ? { codigo: next } : {}, { replace: true, preventScrollReset: true });
    }, CODE_DELAY_MS);
  }

  const summary = {
    lines: pedido.lines,
    subtotal: pedido.subtotal,
    envio: null,
    total: pedido.total,
    children: (
      <CodeField value={typed} onChange={onCodeChange} checking={checking} applied={estadoCodigo === "valido"} />
    ),
  };

  return (
    <section className="container-page py-10 md:py-14">
      <title>{`Pagar curso | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Pagar</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Finalizar compra</h1>

      <div className="mt-8 grid gap-8 md:mt-10 md:grid-cols-[1fr_21rem] md:items-start md:gap-12 lg:grid-cols-[1fr_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <CheckoutBreadcrumb current="pagar" hrefs={{}} />
          <MobileOrderSummary {...summary} />

          {notice && (
            <p
              role="status"
              className="rounded-2xl bg-amber-50 px-5 py-4 text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="purchase-notice"
            >
              <strong className="font-medium">{notice.title}:</strong> {notice.text}
            </p>
          )}

          <div className="flex items-start gap-4 rounded-2xl bg-white/80 px-5 py-4 text-sm ring-1 ring-sand">
            <GraduationCap className="mt-0.5 size-5 shrink-0 text-clay" aria-hidden />
            <p className="text-cocoa">
              Curso en línea: al confirmar tu pago lo encuentras en{" "}
              <Link to="/mis-cursos" className="text-clay-dark underline underline-offset-2">
                Mis cursos
              </Link>
              , sin envío.
            </p>
          </div>
          {perks.map((perk) => (
            <p
              key={perk.cursoId}
              className="flex items-start gap-4 rounded-2xl bg-blush/30 px-5 py-4 text-sm text-cocoa"
              data-testid="course-perk"
            >
              <Gift className="mt-0.5 size-5 shrink-0 text-clay-dark" aria-hidden />
              {perk.texto}
            </p>
          ))}

          <PaymentPanel
            config={payment}
            body={{ curso: cursoId, codigo: estadoCodigo === "valido" ? codigo : null }}
            total={pedido.total}
            disabled={Boolean(notice) || checking}
            onPaid={() => navigate(`/curso-michel-alvarez/${cursoId}`)}
          />
        </div>

        <OrderSummary {...summary} />
      </div>
    </section>
  );
}

function CodeField({
  value,
  onChange,
  checking,
  applied,
}: {
  value: string;
  onChange: (value: string) => void;
  checking: boolean;
  applied: boolean;
}) {
  const statusId = useId();
  return (
    <label className="flex flex-col gap-1.5 border-t border-sand pt-4 text-sm text-cocoa">
      Código de Descuento
      <input
        name="codigo"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={TEXT_LIMITS.codigo}
        className="field uppercase"
        aria-describedby={statusId}
      />
      <span id={statusId} className="min-h-4 text-xs text-muted" aria-live="polite">
        {checking ? "Revisando el código…" : applied ? "Código aplicado." : ""}
      </span>
    </label>
  );
}
