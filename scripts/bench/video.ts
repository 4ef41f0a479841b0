/**
 * npm run bench:video — lessons as HLS (ADR 048): how long ffmpeg takes to transcode a minute
 * of 1080p video on this machine (the job's own `transcodeToHls`), and a lesson's first-frame
 * time in headless Chromium on a slow 4G profile (CDP Network.emulateNetworkConditions:
 * 1.6 Mbps down, 750 kbps up, 150 ms RTT, cache off): the original MP4 beside the HLS copy
 * played by hls.js (adaptive, starting at 360p), side by side in the same run, median of RUNS.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { transcodeToHls } from "../../app/server/school/transcode.server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import { replaceSection } from "./doc";

const RUNS = 3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-video-"));
const clip = path.join(work, "original.mp4");

// 60 s of 1080p at 30 fps with a tone, as a phone or camera would upload it (faststart: the
// original plays from the first bytes, its fairest case)
execFileSync("ffmpeg", [
  ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=60"],
  ...["-f", "lavfi", "-i", "sine=frequency=440:duration=60", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "6M"],
  ...["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-shortest", clip],
]);
const originalMiB = fs.statSync(clip).size / 2 ** 20;

const out = path.join(work, "hls");
fs.mkdirSync(out);
let t = performance.now();
const heights = await transcodeToHls(clip, out);
const transcodeSeconds = (performance.now() - t) / 1000;
console.log(`transcode: ${transcodeSeconds.toFixed(1)} s for 60 s (${heights.join(", ")}p)`);

fs.copyFileSync(path.resolve("node_modules/hls.js/dist/hls.light.min.js"), path.join(work, "hls.js"));
const page = (body: string) => `<!doctype html><meta charset="utf-8"><body style="margin:0">${body}
<script>
const v = document.querySelector("video");
v.muted = true;
v.requestVideoFrameCallback(() => { window.firstFrame = performance.now(); });
</script>`;
fs.writeFileSync(
  path.join(work, "mp4.html"),
  page(`<video src="original.mp4" autoplay playsinline width="1280"></video>`),
);
fs.writeFileSync(
  path.join(work, "hls.html"),
  page(`<video autoplay playsinline width="1280"></video><script src="hls.js"></script>
<script>const h = new Hls({ capLevelToPlayerSize: true }); h.loadSource("hls/master.m3u8"); h.attachMedia(document.querySelector("video"));</script>`),
);

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mp4": "video/mp4",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
};
const server = http.createServer((req, res) => {
  const file = path.join(work, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
  if (!file.startsWith(work) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
    return void res.writeHead(404).end();
  const size = fs.statSync(file).size;
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
  const type = TYPES[path.extname(file)] ?? "application/octet-stream";
  if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : size - 1;
    res.writeHead(206, {
      "Content-Type": type,
      "Content-Range": `bytes ${start}-${end}/${size}`,
      "Content-Length": end - start + 1,
      "Accept-Ranges": "bytes",
    });
    return void fs.createReadStream(file, { start, end }).pipe(res);
  }
  res.writeHead(200, { "Content-Type": type, "Content-Length": size, "Accept-Ranges": "bytes" });
  fs.createReadStream(file).pipe(res);
});
server.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"],
});
async function firstFrame(name: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1e6) / 8,
    uploadThroughput: (750 * 1e3) / 8,
  });
  t = performance.now();
  await tab.goto(`${base}/${name}.html`);
  await tab.waitForFunction(() => (window as { firstFrame?: number }).firstFrame, null, { timeout: 120_000 });
  const ms = await tab.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);
  await context.close();
  return ms;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const times: Record<string, number[]> = { mp4: [], hls: [] };
for (let i = 0; i < RUNS; i++) for (const name of ["mp4", "hls"]) times[name]!.push(await firstFrame(name));
await browser.close();
server.close();
const hlsMiB = (dir: string) =>
  fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0) / 2 ** 20;
console.log(times);

const cpus = os.cpus();
const rows = [
  [
    `transcode 60 s of 1080p30 → HLS (${heights.map((h) => `${h}p`).join(" + ")} + poster)`,
    `${transcodeSeconds.toFixed(1)} s per minute of video`,
  ],
  ["original MP4 (1080p, 6 Mbps, faststart)", `${originalMiB.toFixed(1)} MiB`],
  ...heights.map((h) => [`HLS ${h}p rendition`, `${hlsMiB(path.join(out, `${h}p`)).toFixed(1)} MiB`]),
  ["first frame on slow 4G — original MP4 (median of 3)", `${(median(times.mp4!) / 1000).toFixed(2)} s`],
  [
    "first frame on slow 4G — HLS via hls.js, adaptive from 360p (median of 3)",
    `${(median(times.hls!) / 1000).toFixed(2)} s`,
  ],
];
const NOTE = `
The original shows its first frame sooner (HLS also loads hls.js, the playlists and a whole 4 s
segment), but needs 6 Mbps to keep playing on a 1.6 Mbps link, where 360p (~0.4 Mbps) plays through.
Transcoding takes ${(transcodeSeconds / 60).toFixed(1)}× the video's length on this machine.`;
const START = "<!-- bench:video -->";
const END = "<!-- /bench:video -->";
replaceSection(
  START,
  END,
  `${START}
## Lesson video as HLS (\`npm run bench:video\`, ADR 048)

${new Date().toISOString().slice(0, 10)}, ${cpus.length} × ${cpus[0]?.model.trim()}; ffmpeg libx264 \`veryfast\`; headless Chromium, 1.6 Mbps down /
750 kbps up / 150 ms RTT (CDP), cache off; first frame = the first \`requestVideoFrameCallback\` after navigation.

| what | figure |
| --- | --- |
${rows.map(([a, b]) => `| ${a} | ${b} |`).join("\n")}
${NOTE}
${END}`,
);
fs.rmSync(work, { recursive: true, force: true });
