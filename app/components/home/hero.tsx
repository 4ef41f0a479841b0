import { Link } from "react-router";
import { MediaImage } from "~/components/site/media-image";
import { site } from "~/config/site";

export function Hero({ image, width, height }: { image: string; width: number; height: number }) {
  return (
    <section aria-labelledby="hero-titulo" className="relative isolate overflow-hidden bg-cocoa">
      <MediaImage
        src={image}
        alt="Cejas naturales realizadas en el estudio Michel Alvarez"
        width={width}
        height={height}
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/90 via-ink/55 to-ink/30 md:bg-gradient-to-r md:from-ink/75 md:via-ink/35 md:to-transparent" aria-hidden />
      <div className="container-page flex min-h-[78svh] flex-col justify-end pb-14 pt-32 md:min-h-[82vh] md:justify-center md:pb-24">
        <p className="eyebrow text-blush">{site.address.city}, {site.address.state}</p>
        <h1 id="hero-titulo" className="mt-5 max-w-2xl text-[2.6rem] leading-[1.05] text-cream sm:text-5xl md:text-7xl">
          Belleza que se nota, naturalidad que se siente
        </h1>
        <p className="mt-6 max-w-lg text-lg leading-relaxed text-cream/85">
          Micropigmentación de cejas, labios y estrías, maquillaje profesional y cursos con Michel Alvarez.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link to="/agendar" className="btn-accent" data-testid="hero-book">
            Agenda tu cita
          </Link>
          <Link to="/servicios" className="btn border border-cream/70 text-cream hover:bg-cream hover:text-cocoa">
            Ver servicios
          </Link>
        </div>
      </div>
    </section>
  );
}
