// The cluster primary's first step (server/cluster.js): loading the server build opens the
// database, applies the migrations and seeds the demo when needed (server/app.ts); then it
// closes the database and leaves, and the workers start on a prepared database.
const BUILD_DIR = process.env.BUILD_DIR || "build";
const appModule = await import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);
await appModule.shutdown?.();
process.exit(0);
