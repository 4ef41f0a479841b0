import { LegalDocumentLayout } from "~/components/legal/legal-document";
import { pageMeta } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/terminos-y-privacidad";

export async function loader() {
  // Inside this page each document is an h2, so its sections are h3.
  const documents = [legalDocument("terminos-y-condiciones", 3), legalDocument("aviso-de-privacidad", 3)];
  // The page changed when either document last did ('YYYY-MM-DD' sorts as text).
  const actualizado = documents
    .map((d) => d.actualizado)
    .sort()
    .at(-1)!;
  return { documents, actualizado, seo: await pageSeo() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Términos y Condiciones y Aviso de Privacidad",
    description: `Términos y Condiciones de uso y compra y Aviso de Privacidad Integral de ${site.name}, reunidos en una sola página.`,
    path: "/terminos-y-privacidad",
    ...loaderData?.seo,
  });
}

export default function TerminosYPrivacidad({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocumentLayout
      title="Términos y Condiciones y Aviso de Privacidad"
      actualizado={loaderData.actualizado}
      intro={
        <p>
          Esta página reúne, en un solo lugar, los Términos y Condiciones de Uso y Compra y el Aviso de Privacidad
          Integral de {site.name}. Ambos documentos también pueden consultarse por separado.
        </p>
      }
      documents={loaderData.documents}
    />
  );
}
