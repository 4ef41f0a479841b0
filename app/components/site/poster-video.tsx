/**
 * A video shown as its poster until the visitor presses play, then the player, playing
 * (SPEC §4: "each video shows a poster until clicked, then plays"). The browser's own player
 * is only built then: its controls are a shadow tree of a dozen SVG documents whose building,
 * styling and layout cost a phone's main thread tens of milliseconds while the page loads
 * (issue 13), for a video most visitors never start.
 *
 * With `link`, the poster is a link to the video file, so that without JavaScript (or before
 * the page's code has arrived) a tap still plays it in the browser; otherwise a button.
 */
import { Play } from "lucide-react";
import { type VideoHTMLAttributes, useEffect, useRef, useState } from "react";
import { MediaImage } from "./media-image";

type PosterVideoProps = {
  /** the file; none when `videoRef` gives the element its source (HLS, course-video.tsx) */
  src?: string;
  poster: string;
  /** what the poster control says to a screen reader ("Ver video: …") */
  label: string;
  /** the poster is a link to the file (public videos) rather than a button */
  link?: boolean;
  /** the poster's `sizes` (its width on screen), for its srcset */
  sizes?: string;
  /** the frame's shape, shared by the poster and the player */
  frameClassName: string;
  posterTestId: string;
  video: VideoHTMLAttributes<HTMLVideoElement> & { "data-testid": string };
  /** called with the player once it is built (and null when it goes) */
  videoRef?: (element: HTMLVideoElement | null) => void;
};

export function PosterVideo({
  src,
  poster,
  label,
  link,
  sizes,
  frameClassName,
  posterTestId,
  video,
  videoRef: onVideo,
}: PosterVideoProps) {
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!playing) return;
    videoRef.current?.focus();
    void videoRef.current?.play().catch(() => {});
  }, [playing]);

  if (playing) {
    return (
      <video
        ref={(element) => {
          videoRef.current = element;
          onVideo?.(element);
        }}
        src={src}
        poster={poster || undefined}
        controls
        playsInline
        preload="auto"
        className={frameClassName}
        {...video}
      />
    );
  }

  const face = (
    <>
      {/* in the frame's flow, not positioned over it: Chromium misreported the section's auto
          margins after a positioned image loaded (page-css.test.ts) */}
      {poster ? (
        <MediaImage
          src={poster}
          alt=""
          width={1280}
          height={720}
          sizes={sizes}
          className="block size-full object-cover transition-transform duration-700 group-hover:scale-[1.02]"
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
    </>
  );
  const className = `group relative block overflow-hidden text-left ${frameClassName}`;
  return link ? (
    <a
      href={src}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className={className}
      aria-label={label}
      data-testid={posterTestId}
      data-hold-tap
    >
      {face}
    </a>
  ) : (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className={className}
      aria-label={label}
      data-testid={posterTestId}
    >
      {face}
    </button>
  );
}
