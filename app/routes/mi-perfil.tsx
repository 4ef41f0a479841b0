import { CalendarDays, GraduationCap, Heart, ShoppingBag, UserRoundPen } from "lucide-react";
import { Link } from "react-router";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { site } from "~/config/site";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mi-perfil";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { nombre: user.name, correo: user.email, correoVerificado: user.emailVerified };
}

/** SPEC section 2: the tiles to the personal pages (and the appointments, issue 15). */
const TILES = [
  { to: "/mis-cursos", label: "Mis cursos", hint: "Tus cursos en línea, unidades y diplomas", Icon: GraduationCap },
  { to: "/mis-citas", label: "Mis citas", hint: "Tus citas: cambiarlas o cancelarlas", Icon: CalendarDays },
  { to: "/mis-compras", label: "Mis compras", hint: "Tus pedidos y su detalle", Icon: ShoppingBag },
  { to: "/mis-favoritos", label: "Mis favoritos", hint: "Los productos que guardaste", Icon: Heart },
  { to: "/editar-perfil", label: "Editar perfil", hint: "Cambia tu nombre", Icon: UserRoundPen },
] as const;

export default function MiPerfil({ loaderData }: Route.ComponentProps) {
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
    </section>
  );
}
