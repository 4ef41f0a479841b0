import { CalendarDays, GraduationCap, Heart, ShoppingBag, UserRoundPen } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import { WhatsAppPreference } from "~/components/account/whatsapp-preference";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { site } from "~/config/site";
import { getDb } from "~/server/db/index.server";
import { saveWhatsAppPreference, whatsappPreference } from "~/server/messages/profile.server";
import { marketingConsent, setMarketingConsent } from "~/server/shop/abandoned-cart.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mi-perfil";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    nombre: user.name,
    correo: user.email,
    correoVerificado: user.emailVerified,
    promocionales: await marketingConsent(getDb(), user.id),
    whatsapp: await whatsappPreference(getDb(), user.id),
  };
}

/** The marketing-mail consent (off by default, ADR 036): the checkbox below the tiles. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") === "whatsapp") {
    const saved = await saveWhatsAppPreference(getDb(), user.id, form);
    return saved.ok ? { whatsapp: saved } : data({ whatsapp: saved }, { status: 400 });
  }
  const acepta = form.get("promocionales") === "si";
  await setMarketingConsent(getDb(), user.id, acepta);
  return { guardado: true, promocionales: acepta };
}

/** SPEC section 2: the tiles to the personal pages (and the appointments, issue 15). */
const TILES = [
  { to: "/mis-cursos", label: "Mis cursos", hint: "Tus cursos en línea, unidades y diplomas", Icon: GraduationCap },
  { to: "/mis-citas", label: "Mis citas", hint: "Tus citas: cambiarlas o cancelarlas", Icon: CalendarDays },
  { to: "/mis-compras", label: "Mis compras", hint: "Tus pedidos y su detalle", Icon: ShoppingBag },
  { to: "/mis-favoritos", label: "Mis favoritos", hint: "Los productos que guardaste", Icon: Heart },
  { to: "/editar-perfil", label: "Editar perfil", hint: "Cambia tu nombre", Icon: UserRoundPen },
] as const;

export default function MiPerfil({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-12 md:py-16">
      <title>{`Mi perfil | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Mi perfil</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Hola, {loaderData.nombre}</h1>
      <p className="mt-3 text-muted">Todo lo tuyo en un solo lugar.</p>
      {!loaderData.correoVerificado && <VerifyEmailNotice email={loaderData.correo} />}

      <ul className="mt-10 grid gap-4 sm:grid-cols-2 md:gap-6">
        {TILES.map(({ to, label, hint, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              prefetch="intent"
              className="group flex h-full items-center gap-5 rounded-2xl border border-sand bg-white p-6 transition hover:border-clay hover:shadow-lg md:p-8"
            >
              <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-blush/60 text-cocoa transition group-hover:bg-clay group-hover:text-white">
                <Icon className="size-6" aria-hidden strokeWidth={1.5} />
              </span>
              <span className="flex flex-col">
                <span className="font-serif text-2xl text-cocoa md:text-3xl">{label}</span>
                <span className="mt-1 text-sm text-muted">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <MarketingConsent
        key={String(loaderData.promocionales)}
        checked={loaderData.promocionales}
        saved={(actionData as { guardado?: boolean } | undefined)?.guardado === true}
      />
      <WhatsAppPreference
        key={`${loaderData.whatsapp.acepta}:${loaderData.whatsapp.telefono}`}
        {...loaderData.whatsapp}
        {...whatsappFeedback(actionData)}
      />
    </section>
  );
}

/** What saving the WhatsApp preference answered, for its panel. */
function whatsappFeedback(actionData: unknown): { notice?: string; error?: string } {
  const saved = (actionData as { whatsapp?: { ok: boolean; notice?: string; error?: string } } | undefined)?.whatsapp;
  if (!saved) return {};
  return saved.ok ? { notice: saved.notice } : { error: saved.error };
}

function MarketingConsent({ checked, saved }: { checked: boolean; saved: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  return (
    <Form method="post" className="mt-10 rounded-2xl border border-sand bg-white p-6 md:p-8" data-testid="marketing-consent">
      <h2 className="font-serif text-2xl text-cocoa">Correos</h2>
      <label className="mt-4 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="promocionales"
          value="si"
          defaultChecked={checked}
          className="mt-1 size-5 shrink-0 accent-clay"
        />
        <span>
          Quiero recibir novedades y un recordatorio si dejo productos en mi carrito.
          <span className="mt-1 block text-sm text-muted">Puedes darte de baja en cualquier momento desde el correo.</span>
        </span>
      </label>
      <button type="submit" className="btn-outline mt-6 w-full sm:w-auto" disabled={saving}>
        {saving ? "Guardando…" : "Guardar preferencia"}
      </button>
      {saved && !saving && (
        <p role="status" className="mt-3 text-sm text-muted">
          Preferencia guardada.
        </p>
      )}
    </Form>
  );
}
