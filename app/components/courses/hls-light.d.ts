// hls.js's light build (no subtitles, DRM or alternate audio) ships without its own types: the full build's.
declare module "hls.js/light" {
  export { default } from "hls.js";
}
