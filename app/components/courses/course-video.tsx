/**
 * A unit video: its poster until clicked, then the player (SPEC §4 'Course viewer').
 * The source is the protected /curso-video/{id} stream; nothing loads before the click.
 */
import { PosterVideo } from "~/components/site/poster-video";
import { useWatchProgress } from "./use-watch-progress";

export type CourseVideoProps = { src: string; poster: string; titulo: string; videoId?: number };

export function CourseVideo({ src, poster, titulo, videoId }: CourseVideoProps) {
  const watch = useWatchProgress(videoId);
  return (
    <PosterVideo
      src={src}
      poster={poster}
      label={`Ver video: ${titulo}`}
      frameClassName="aspect-video w-full rounded-xl bg-gradient-to-br from-cocoa to-ink"
      posterTestId="video-poster"
      video={{
        controlsList: "nodownload",
        onContextMenu: (event) => event.preventDefault(),
        "data-testid": "course-video",
        onTimeUpdate: watch.onTimeUpdate,
      }}
    />
  );
}
