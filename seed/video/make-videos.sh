#!/usr/bin/env bash
# Remakes the two demo videos (committed: CI has no ffmpeg). Needs ffmpeg with libvpx-vp9.
#   estudio.webm  the studio video on the home page (public)
#   clase.webm    a sample lesson (private: copied to <DATA_DIR>/private/videos/)
# Run from the project root: bash seed/video/make-videos.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=seed/video
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The studio's serif (unpacked from @fontsource by seed/media/style.ts) and a line-art brow.
font=$(npx tsx -e 'import("./seed/media/style.ts").then((m) => console.log(m.prepareFonts().serif ?? ""))')
sans=$(dirname "$font")/jost-latin-300-normal.ttf
npx tsx -e '
import("./seed/media/site.ts").then(async (m) => {
  const sharp = (await import("sharp")).default;
  await sharp(Buffer.from(m.videoOverlaySvg("estudio"))).png().toFile(process.argv[1]);
  await sharp(Buffer.from(m.videoOverlaySvg("clase"))).png().toFile(process.argv[2]);
  await sharp(Buffer.from(m.videoOverlaySvg("punto"))).png().toFile(process.argv[3]);
});' "$tmp/estudio.png" "$tmp/clase.png" "$tmp/punto.png"

vp9=(-c:v libvpx-vp9 -b:v 0 -crf 38 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p -an)

# 8 s, 960×540: a slow warm gradient, the brow drawn in, the name fading up, a soft fade out.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=960x540:r=24:d=8:c0=0xfbf7f2:c1=0xe8cfc3:c2=0xefe4d8:c3=0xf6e6dc:n=4:speed=0.012:seed=7" \
  -loop 1 -framerate 24 -t 8 -i "$tmp/estudio.png" \
  -filter_complex "[1:v]format=rgba,fade=t=in:st=0.4:d=1.6:alpha=1[art];\
[0:v][art]overlay=0:0:format=auto,\
drawtext=fontfile=$font:text='Michel Alvarez':fontsize=84:fontcolor=0x4a3630:x=(w-text_w)/2:y=h*0.56:alpha='clip((t-1.4)/1.2,0,1)',\
drawtext=fontfile=$sans:text='MICROPIGMENTACIÓN  ·  MAQUILLAJE  ·  GUADALAJARA':fontsize=18:fontcolor=0x8f5a46:x=(w-text_w)/2:y=h*0.76:alpha='clip((t-2.4)/1.2,0,1)',\
fade=t=out:st=7.2:d=0.8:color=0xfbf7f2,format=yuv420p[v]" \
  -map "[v]" -t 8 "${vp9[@]}" "$out/estudio.webm"

# 6 s lesson: cocoa background, the unit title, a dot travelling along a progress line.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=960x540:r=24:d=6:c0=0x4a3630:c1=0x3b2c27:c2=0x533c35:n=3:speed=0.01:seed=3" \
  -loop 1 -framerate 24 -t 6 -i "$tmp/clase.png" \
  -loop 1 -framerate 24 -t 6 -i "$tmp/punto.png" \
  -filter_complex "[1:v]format=rgba,fade=t=in:st=0.2:d=1.2:alpha=1[art];\
[0:v][art]overlay=0:0:format=auto[bg];\
[bg][2:v]overlay=x='W*0.08+W*0.84*t/6-9':y='H*0.86-8':eval=frame:format=auto,\
drawtext=fontfile=$sans:text='CLASE DE MUESTRA':fontsize=18:fontcolor=0xe8cfc3:x=w*0.08:y=h*0.34:alpha='clip((t-0.3)/0.8,0,1)',\
drawtext=fontfile=$font:text='Trazo pelo a pelo':fontsize=64:fontcolor=0xfbf7f2:x=w*0.08:y=h*0.42:alpha='clip((t-0.6)/0.8,0,1)',\
drawtext=fontfile=$font:text='Academia Michel Alvarez':fontsize=26:fontcolor=0xe8cfc3:x=w*0.08:y=h*0.58:alpha='clip((t-1.0)/0.8,0,1)',\
fade=t=out:st=5.5:d=0.5,format=yuv420p[v]" \
  -map "[v]" -t 6 "${vp9[@]}" "$out/clase.webm"

ls -l "$out"/*.webm
