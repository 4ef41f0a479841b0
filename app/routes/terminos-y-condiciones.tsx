import { LegalDocument } from "~/components/legal/legal-document";
import { terms } from "~/components/legal/terms";
import { canonicalLink, rootOrigin } from "~/components/site/seo";
import { site } from "~/config/site";
import type { Route } from "./+types/terminos-y-condiciones";

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

export default function TerminosYCondiciones() {
  return <LegalDocument title={terms.title} intro={terms.intro} sections={terms.sections} />;
}
