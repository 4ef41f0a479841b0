import { LegalDocumentPage } from "~/components/legal/legal-document";
import { pageMeta } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/aviso-de-privacidad";

export async function loader() {
  return { seo: await pageSeo(), document: legalDocument("aviso-de-privacidad") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Aviso de Privacidad",
    description: `Aviso de Privacidad Integral de ${site.name}: qué datos personales tratamos, para qué, con quién los compartimos y cómo ejercer sus derechos ARCO.`,
    path: "/aviso-de-privacidad",
    ...loaderData?.seo,
  });
}

export default function AvisoDePrivacidad({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage document={loaderData.document} />;
}
