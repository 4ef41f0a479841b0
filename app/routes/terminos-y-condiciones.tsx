import { LegalDocumentPage } from "~/components/legal/legal-document";
import { canonicalLink, rootOrigin } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import type { Route } from "./+types/terminos-y-condiciones";

export function loader() {
  return { document: legalDocument("terminos-y-condiciones") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...canonicalLink(rootOrigin(matches), "/terminos-y-condiciones"),
    { title: `Términos y Condiciones | ${site.name}` },
    {
      name: "description",
      content: `Términos y Condiciones de uso y compra de ${site.name}: cuentas, productos, cursos en línea, pagos, envíos, devoluciones y garantías.`,
    },
  ];
}

export default function TerminosYCondiciones({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage document={loaderData.document} />;
}
