import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/components/site/seo";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/gracias";

export async function loader() {
  return { seo: await pageSeo() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Envío Exitoso",
      description: "Recibimos tu mensaje. El equipo de Michel Alvarez te responderá a la brevedad.",
      path: "/gracias",
      ...loaderData?.seo,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Gracias() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center md:py-36">
      <CheckCircle2 className="size-14 text-clay" strokeWidth={1.2} aria-hidden />
      <p className="eyebrow mt-8">Gracias por escribirnos</p>
      <h1 className="mt-4 text-4xl md:text-6xl">Envío Exitoso</h1>
      <p className="mt-6 max-w-md leading-relaxed text-muted">
        Recibimos tu mensaje. Te responderemos a la brevedad por correo o por teléfono.
      </p>
      <Link to="/" className="btn-primary mt-12">
        Volver al inicio
      </Link>
    </section>
  );
}
