/**
 * Reports a unit video watched to 90 % (ADR 044): once per video and page, the viewer route's
 * action records its unit as done (intent=visto; the server checks enrolment and course).
 * Seeking to the end counts too: the server keeps nothing but "done", and the student may
 * mark a unit done by hand anyway.
 */
import { type SyntheticEvent, useCallback, useRef } from "react";
import { useFetcher } from "react-router";

/** The share of a video that counts as watched. */
export const WATCHED_SHARE = 0.9;

export function useWatchProgress(videoId: number | undefined) {
  const fetcher = useFetcher();
  const reported = useRef<number | null>(null);
  const onTimeUpdate = useCallback(
    (event: SyntheticEvent<HTMLVideoElement>) => {
      if (videoId === undefined || reported.current === videoId) return;
      const { currentTime, duration } = event.currentTarget;
      if (!Number.isFinite(duration) || duration <= 0 || currentTime / duration < WATCHED_SHARE) return;
      reported.current = videoId;
      void fetcher.submit({ intent: "visto", video: String(videoId) }, { method: "post" });
    },
    [videoId, fetcher],
  );
  return { onTimeUpdate };
}
