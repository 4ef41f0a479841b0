import { LegalDocumentPage } from "~/components/legal/legal-document";
import { canonicalLink, rootOrigin } from "~/components/site/seo";
import { site } from "~/config/site";
import { legalDocument } from "~/server/content.server";
import type { Route } from "./+types/aviso-de-privacidad";

export function loader() {
  return { document: legalDocument("aviso-de-privacidad") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...canonicalLink(rootOrigin(matches), "/aviso-de-privacidad"),
    { title: `Aviso de Privacidad | ${site.name}` },
    {
      name: "description",
      content: `Aviso de Privacidad Integral de ${site.name}: qué datos personales tratamos, para qué, con quién los compartimos y cómo ejercer sus derechos ARCO.`,
    },
  ];
}

export default function AvisoDePrivacidad({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage document={loaderData.document} />;
}
