import { ServiceCircle } from "~/components/services/service-circle";
import { SectionHeading } from "~/components/site/section-heading";
import { pageMeta } from "~/components/site/seo";
import { listServices, pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/servicios";

export async function loader() {
  const services = await listServices();
  return { services, seo: await pageSeo(services[0]?.urlImagen) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Servicios",
    description:
      "Microblading, cejas híbridas y ombré, micropigmentación de labios, estrías y más en Guadalajara. Conoce cada servicio del estudio Michel Alvarez.",
    path: "/servicios",
    ...loaderData?.seo,
  });
}

export default function Servicios({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <div className="container-page py-16 md:py-24">
      <SectionHeading
        as="h1"
        eyebrow="Lo que hacemos"
        title="Servicios"
        intro="Técnicas de micropigmentación y maquillaje profesional pensadas para realzar tu belleza natural."
      />
      {services.length === 0 ? (
        <p className="mt-16 text-center text-muted">Pronto publicaremos nuestros servicios.</p>
      ) : (
        <ul className="mt-16 grid grid-cols-2 gap-x-6 gap-y-14 md:grid-cols-3 md:gap-x-12 md:gap-y-20">
          {services.map((service, i) => (
            <li key={service.id} className="flex justify-center">
              <ServiceCircle service={service} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
