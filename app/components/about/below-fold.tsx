import { Link } from "react-router";
import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { ContactBlock } from "~/components/site/contact-block";
import { MapBlock } from "~/components/site/map-block";
import { SectionHeading } from "~/components/site/section-heading";
import { STUDIO_VALUES } from "~/components/site/values";
import { site } from "~/config/site";

/** A photo of the studio's facilities (the settings' `instalaciones`). */
export type FacilitiesPhoto = { url: string; nombre: string; ancho: number | null; alto: number | null };

/**
 * /nosotros below its first screen: the story, the philosophy, the values, the facilities and
 * where the studio is. The route hydrates it when it comes into view (components/site/deferred.tsx).
 */
export function AboutBelowFold({ instalaciones }: { instalaciones: FacilitiesPhoto[] }) {
  return (
    <>
      <section aria-labelledby="historia" className="bg-sand/40 py-16 md:py-24">
        <div className="container-page grid gap-12 md:grid-cols-2 md:gap-20">
          <div>
            <p className="eyebrow">Nuestra historia</p>
            <h2 id="historia" className="mt-3 text-4xl md:text-5xl">
              De una cabina a una escuela
            </h2>
          </div>
          <div className="space-y-5 leading-relaxed text-ink/85">
            <p>
              Michel empezó diseñando cejas en una pequeña cabina, convencida de que la micropigmentación debía verse
              natural. Trazo a trazo, clienta a clienta, esa idea se convirtió en un estudio con {site.claims.brows}{" "}
              realizadas y una lista de espera de mujeres que llegaban recomendadas por sus amigas.
            </p>
            <p>
              Con los años llegaron nuevas técnicas (labios, camuflaje de estrías, maquillaje profesional) y también las
              alumnas: hoy la academia suma {site.claims.students} formadas en cursos presenciales y en línea, muchas de
              ellas con su propio estudio.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="filosofia" className="container-page py-16 md:py-24">
        <div className="mx-auto max-w-3xl text-center">
          <p className="eyebrow">Nuestra filosofía</p>
          <h2 id="filosofia" className="mt-3 text-4xl md:text-5xl">
            Menos es más
          </h2>
          <blockquote className="mt-8 font-serif text-2xl italic leading-snug text-cocoa md:text-4xl">
            “Un buen trabajo no se nota: se nota que te ves descansada, segura y tú misma.”
          </blockquote>
          <p className="mt-8 leading-relaxed text-muted">
            Estudiamos tu rostro, tu piel y tu estilo antes de tomar una sola decisión. Usamos pigmentos de alta calidad
            y técnicas que respetan la piel, y te acompañamos en la cicatrización y el retoque para que el resultado
            dure.
          </p>
        </div>
      </section>

      <section aria-labelledby="valores" className="bg-cocoa py-16 text-cream md:py-24">
        <div className="container-page">
          <p className="eyebrow text-center text-blush">Lo que nos mueve</p>
          <h2 id="valores" className="mt-3 text-center text-4xl text-cream md:text-5xl">
            Nuestros valores
          </h2>
          <ul className="-mx-4 mt-14 flex flex-wrap justify-center gap-y-10" data-testid="values">
            {STUDIO_VALUES.map((value) => (
              <li key={value.nombre} className="w-full px-4 sm:w-1/2 md:w-1/4">
                <div className="h-full border-t border-cream/15 pt-6">
                  <value.icon className="size-7 text-blush" aria-hidden strokeWidth={1.3} />
                  <h3 className="mt-4 text-2xl text-cream">{value.nombre}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-cream/75">{value.texto}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="instalaciones"
        aria-labelledby="instalaciones-titulo"
        className="scroll-mt-24 bg-sand/40 py-16 md:py-24"
      >
        <div className="container-page">
          <SectionHeading
            id="instalaciones-titulo"
            eyebrow="Tu espacio"
            title="Instalaciones"
            intro="Un estudio luminoso, limpio y tranquilo, pensado para que te sientas en casa. Toca una foto para verla en grande."
          />
          <div className="mt-12">
            {instalaciones.length > 0 ? (
              <GalleryGrid
                testId="facilities-gallery"
                className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5"
                sizes="(min-width: 851px) 25vw, 50vw"
                images={instalaciones.map((image, i) => ({
                  key: i,
                  src: image.url,
                  alt: image.nombre || `Instalaciones del estudio, foto ${i + 1}`,
                  width: image.ancho,
                  height: image.alto,
                }))}
              />
            ) : (
              <p className="text-center text-muted">Pronto compartiremos fotos del estudio.</p>
            )}
          </div>
        </div>
      </section>

      <section id="mapa" aria-labelledby="mapa-titulo" className="scroll-mt-24 py-16 md:py-24">
        <div className="container-page grid gap-12 md:grid-cols-5 md:items-center md:gap-16">
          <div className="md:col-span-2">
            <p className="eyebrow">Visítanos</p>
            <h2 id="mapa-titulo" className="mt-3 text-4xl md:text-5xl">
              Dónde estamos
            </h2>
            <div className="mt-8 [&_[data-testid=contact-block]]:grid-cols-1">
              <ContactBlock />
            </div>
            <Link to="/Contacto" className="btn-primary mt-10">
              Escríbenos
            </Link>
          </div>
          <div className="md:col-span-3">
            <MapBlock />
          </div>
        </div>
      </section>
    </>
  );
}
