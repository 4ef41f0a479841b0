import { LegalDocumentLayout } from "~/components/legal/legal-document";
import { canonicalLink, rootOrigin } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import type { Route } from "./+types/terminos-y-privacidad";

export function loader() {
  // Inside this page each document is an h2, so its sections are h3.
  const documents = [legalDocument("terminos-y-condiciones", 3), legalDocument("aviso-de-privacidad", 3)];
  // The page changed when either document last did ('YYYY-MM-DD' sorts as text).
  const actualizado = documents
    .map((d) => d.actualizado)
    .sort()
    .at(-1)!;
  return { documents, actualizado };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...canonicalLink(rootOrigin(matches), "/terminos-y-privacidad"),
    { title: `Términos y Condiciones y Aviso de Privacidad | ${site.name}` },
    {
      name: "description",
      content: `Términos y Condiciones de uso y compra y Aviso de Privacidad Integral de ${site.name}, reunidos en una sola página.`,
    },
  ];
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
