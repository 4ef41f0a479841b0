/**
 * /correos/baja?t=…: the one-click unsubscribe of the abandoned-cart mail (ADR 036). The
 * signed token names the client; opening the link turns her marketing mail off (no login),
 * and POST does the same for mail clients' one-click unsubscribe. A bad token changes nothing.
 */
import { Link, data } from "react-router";
import { site } from "~/config/site";
import { getDb } from "~/server/db/index.server";
import { readUnsubscribeToken, setMarketingConsent } from "~/server/shop/abandoned-cart.server";
import type { Route } from "./+types/correos-baja";

async function unsubscribe(request: Request): Promise<boolean> {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const userId = readUnsubscribeToken(token);
  return userId ? setMarketingConsent(getDb(), userId, false) : false;
}

export async function loader({ request }: Route.LoaderArgs) {
  const ok = await unsubscribe(request);
  return data({ ok }, { status: ok ? 200 : 400, headers: { "cache-control": "private, no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const ok = await unsubscribe(request);
  return data({ ok }, { status: ok ? 200 : 400 });
}

export default function CorreosBaja({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-xl py-16 md:py-24">
      <title>{`Correos | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Correos</p>
      {loaderData.ok ? (
        <>
          <h1 className="mt-3 text-4xl md:text-5xl">Listo, te diste de baja</h1>
          <p className="mt-4 text-muted">
            Ya no te enviaremos recordatorios ni novedades. Seguirás recibiendo los correos de tus compras y citas.
            Puedes volver a activarlos cuando quieras en Mi perfil.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-3 text-4xl md:text-5xl">Enlace no válido</h1>
          <p className="mt-4 text-muted">
            Este enlace de baja no es válido. Puedes cambiar tus preferencias de correo en Mi perfil.
          </p>
        </>
      )}
      <Link to="/mi-perfil" className="btn-outline mt-8 inline-flex">
        Ir a Mi perfil
      </Link>
    </section>
  );
}
