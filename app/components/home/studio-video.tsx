/** The studio video, with its poster; nothing loads until the visitor presses play. */
export function StudioVideo({ src, poster }: { src: string; poster: string }) {
  if (!src) return null;
  return (
    <section aria-labelledby="video-titulo" className="bg-sand/40 py-16 md:py-24">
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
          {/* biome-ignore lint/a11y/useMediaCaption: the studio video is footage without speech; the text beside it describes it */}
          <video
            controls
            playsInline
            preload="none"
            poster={poster || undefined}
            width={1280}
            height={720}
            className="aspect-video w-full rounded-[2rem] bg-cocoa object-cover shadow-xl shadow-cocoa/10"
            aria-label="Video del estudio Michel Alvarez"
            data-testid="studio-video"
          >
            <source src={src} type={src.endsWith(".webm") ? "video/webm" : "video/mp4"} />
            <a href={src}>Descargar el video del estudio</a>
          </video>
        </div>
      </div>
    </section>
  );
}
