/**
 * A unit video: its poster until clicked, then the player (SPEC §4 'Course viewer').
 * The source is the protected /curso-video/{id} stream; nothing loads before the click.
 */
import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export type CourseVideoProps = { src: string; poster: string; titulo: string };

export function CourseVideo({ src, poster, titulo }: CourseVideoProps) {
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (playing) void videoRef.current?.play().catch(() => {});
  }, [playing]);

  if (playing) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the studio's class videos have no caption files
      <video
        ref={videoRef}
        src={src}
        poster={poster || undefined}
        controls
        controlsList="nodownload"
        playsInline
        preload="auto"
        className="aspect-video w-full rounded-xl bg-ink"
        onContextMenu={(event) => event.preventDefault()}
        data-testid="course-video"
      />
    );
  }

  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block aspect-video w-full overflow-hidden rounded-xl bg-gradient-to-br from-cocoa to-ink text-left"
      aria-label={`Ver video: ${titulo}`}
      data-testid="video-poster"
    >
      {poster ? (
        <img
          src={poster}
          alt=""
          className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
        />
      ) : null}
      <span className="absolute inset-0 bg-gradient-to-t from-ink/60 via-ink/0 to-ink/0" aria-hidden />
      <span
        className="absolute bottom-3 left-3 flex items-center gap-2 rounded-full bg-cream/95 py-2 pl-2 pr-4 text-xs font-medium uppercase tracking-[0.2em] text-cocoa shadow-lg transition-transform group-hover:scale-[1.03] md:bottom-5 md:left-5"
        aria-hidden
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-cocoa text-cream">
          <Play className="ml-0.5 size-3.5" fill="currentColor" />
        </span>
        Ver video
      </span>
    </button>
  );
}
