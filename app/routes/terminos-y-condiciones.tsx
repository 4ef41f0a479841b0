import { LegalDocumentPage } from "~/components/legal/legal-document";
import { pageMeta } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/terminos-y-condiciones";

export async function loader() {
  return { seo: await pageSeo(), document: legalDocument("terminos-y-condiciones") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Términos y Condiciones",
    description: `Términos y Condiciones de uso y compra de ${site.name}: cuentas, productos, cursos en línea, pagos, envíos, devoluciones y garantías.`,
    path: "/terminos-y-condiciones",
    ...loaderData?.seo,
  });
}

export default function TerminosYCondiciones({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage document={loaderData.document} />;
}
