/**
 * Where the tests keep the drawn demo media between runs (DEMO_MEDIA_CACHE, seed/media/cache.ts):
 * demo-media.test.ts draws them and keeps them; the end-to-end server's seeding copies them.
 */
import path from "node:path";

export const demoMediaCache = () => path.resolve(".tmp", "demo-media");
