/**
 * The fault suite runs the real server (tests/support/server-process.ts) on the tests' shared
 * production build (tests/support/build.ts). PostgreSQL faults need a server:
 * TEST_DATABASE_URL (an error if it does not answer), or the local one on 127.0.0.1:5432 when
 * it answers; without either only those tests are skipped, and the run says so.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { productionBuild } from "../support/build";

declare module "vitest" {
  export interface ProvidedContext {
    /** the production build the fault tests' servers run */
    faultsBuildDir: string;
    /** a PostgreSQL server URL (its `postgres` database), or "" when none answers */
    postgresUrl: string;
  }
}

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

export default async function setup(project: TestProject) {
  const postgresUrl = await reachablePostgres();
  project.provide("faultsBuildDir", await productionBuild());
  project.provide("postgresUrl", postgresUrl);
}

/** TEST_DATABASE_URL (which must answer: CI named it), else the local server if it answers, else "". */
async function reachablePostgres(): Promise<string> {
  const given = process.env.TEST_DATABASE_URL;
  const url = given || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch (error) {
    if (given) throw new Error(`TEST_DATABASE_URL no responde: ${(error as Error).message}`);
    console.warn(
      `\n*** Pruebas de fallas: PostgreSQL no responde en ${new URL(url).host} (${(error as Error).message}).\n` +
        "*** Se omiten las pruebas de PostgreSQL (corte de red, pg_terminate_backend); las de PGlite sí corren.\n" +
        "*** Para correrlas: inicia PostgreSQL en 127.0.0.1:5432 o define TEST_DATABASE_URL.\n",
    );
    return "";
  } finally {
    await client.end().catch(() => {});
  }
}
