/**
 * A unit video: its poster until clicked, then the player (SPEC §4 'Course viewer').
 * The source is the protected /curso-video/{id} stream; nothing loads before the click.
 *
 * Once the lesson has its HLS copy (ADR 048), `hls` is its master playlist: the browser's own
 * HLS where it has one (Safari, iOS), else hls.js, imported only when the student presses
 * play so it is in no page's first-load JavaScript. Without Media Source Extensions, or if
 * hls.js cannot load, the original stream (`src`).
 */
import { useCallback, useEffect, useRef } from "react";
import { PosterVideo } from "~/components/site/poster-video";
import { useWatchProgress } from "./use-watch-progress";

export type CourseVideoProps = { src: string; poster: string; titulo: string; hls?: string | null; videoId?: number };

const HLS_TYPE = "application/vnd.apple.mpegurl";

type HlsPlayer = { destroy(): void };

export function CourseVideo({ src, poster, titulo, hls, videoId }: CourseVideoProps) {
  // progress (ADR 044): the unit is done once this video was watched to 90 %
  const watch = useWatchProgress(videoId);
  /** the <video> element once the student pressed play (for hooks that watch it) */
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const playerRef = useRef<HlsPlayer | null>(null);

  useEffect(() => () => playerRef.current?.destroy(), []);

  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      if (!element || element === videoRef.current) return;
      videoRef.current = element;
      if (!hls) return;
      const start = () => void element.play().catch(() => {});
      if (element.canPlayType(HLS_TYPE)) {
        element.src = hls;
        return start();
      }
      import("hls.js/light")
        .then(({ default: Hls }) => {
          if (videoRef.current !== element) return;
          if (!Hls.isSupported()) {
            element.src = src;
            return start();
          }
          const player = new Hls({ capLevelToPlayerSize: true });
          playerRef.current = player;
          player.loadSource(hls);
          player.attachMedia(element);
          player.on(Hls.Events.MANIFEST_PARSED, start);
        })
        .catch(() => {
          element.src = src;
          start();
        });
    },
    [hls, src],
  );

  return (
    <PosterVideo
      src={hls ? undefined : src}
      poster={poster}
      label={`Ver video: ${titulo}`}
      frameClassName="aspect-video w-full rounded-xl bg-gradient-to-br from-cocoa to-ink"
      posterTestId="video-poster"
      videoRef={attach}
      video={{
        controlsList: "nodownload",
        onContextMenu: (event) => event.preventDefault(),
        "data-testid": "course-video",
        onTimeUpdate: watch.onTimeUpdate,
      }}
    />
  );
}
