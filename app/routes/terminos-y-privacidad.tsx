import { LegalDocument } from "~/components/legal/legal-document";
import { privacyNotice } from "~/components/legal/privacy-notice";
import { terms } from "~/components/legal/terms";
import { canonicalLink, rootOrigin } from "~/components/site/seo";
import { site } from "~/config/site";
import type { Route } from "./+types/terminos-y-privacidad";

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

export default function TerminosYPrivacidad() {
  return (
    <LegalDocument
      title="Términos y Condiciones y Aviso de Privacidad"
      intro={
        <p>
          Esta página reúne, en un solo lugar, los Términos y Condiciones de Uso y Compra y el Aviso de Privacidad
          Integral de {site.name}. Ambos documentos también pueden consultarse por separado.
        </p>
      }
      documents={[terms, privacyNotice]}
    />
  );
}
