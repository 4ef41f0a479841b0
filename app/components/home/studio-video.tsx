import { PosterVideo } from "~/components/site/poster-video";

/**
 * The studio video: its poster, with a play button, until the visitor presses it; only then
 * the browser's player, which starts playing. Nothing of the video loads before.
 */
export function StudioVideo({ src, poster }: { src: string; poster: string }) {
  if (!src) return null;
  return (
    <section aria-labelledby="video-titulo" className="below-fold bg-sand/40 py-16 md:py-24">
      <div className="container-page grid items-center gap-10 md:grid-cols-5 md:gap-16">
        <div className="md:col-span-2">
          <p className="eyebrow">Conoce el estudio</p>
          <h2 id="video-titulo" className="mt-3 text-4xl md:text-5xl">
            Un espacio para ti
          </h2>
          <p className="mt-5 leading-relaxed text-muted">
            Luz natural, calma y un equipo que te escucha. Así se vive una cita con nosotras, de la bienvenida al
            resultado final.
          </p>
        </div>
        <div className="md:col-span-3">
          <PosterVideo
            src={src}
            poster={poster}
            link
            label="Ver video del estudio Michel Alvarez"
            frameClassName="aspect-video w-full rounded-[2rem] bg-cocoa object-cover shadow-xl shadow-cocoa/10"
            posterTestId="studio-video-poster"
            sizes="(min-width: 851px) 60vw, 100vw"
            video={{
              width: 1280,
              height: 720,
              "aria-label": "Video del estudio Michel Alvarez",
              "data-testid": "studio-video",
            }}
          />
        </div>
      </div>
    </section>
  );
}
