import { ContactBlock } from "~/components/site/contact-block";
import { MapBlock } from "~/components/site/map-block";

/** Map and contact details, side by side from 851 px. */
export function VisitSection() {
  return (
    <section aria-labelledby="visita-titulo" className="below-fold container-page pb-8 pt-16 md:pt-24">
      <div className="grid gap-12 md:grid-cols-2 md:items-center md:gap-16">
        <div>
          <p className="eyebrow">Visítanos</p>
          <h2 id="visita-titulo" className="mt-3 text-4xl md:text-5xl">
            Te esperamos en la Americana
          </h2>
          <div className="mt-10">
            <ContactBlock />
          </div>
        </div>
        <MapBlock />
      </div>
    </section>
  );
}
