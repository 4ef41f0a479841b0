/**
 * The application context (ADR 031): everything a module needs from the installation — the
 * configuration, the mode decided from it, the database, the file storage, the clock, and
 * per-context instances built from those (the Better Auth instance) — in one object, built
 * once at start (server/app.ts, a script, a test file) and read through `appContext()`.
 *
 * No module keeps a database or a setting of its own: `getDb()`, `getStorage()`, `env` and
 * `currentMode()` all read the current context. The current context is the one a caller ran
 * its work in (`runInAppContext`: a job, a script step, a test that needs other settings), or
 * else the one this process was started with (`useAppContext`). Mail and the payment
 * providers are built from the context's configuration each time they are used.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./db/client.server";
import { type AppConfig, readConfig } from "./env.server";
import { type Mode, decideMode } from "./mode.server";
import type { Storage, Visibility } from "./storage/types";

export type AppContext = {
  readonly config: Readonly<AppConfig>;
  /** Decided from `config` (mode.server.ts). */
  readonly mode: Mode;
  /** Now, for rules that depend on the date (a test may pass a fixed one). */
  readonly clock: () => Date;
  /** The database: given, or opened at start by db/index.server.ts (initDatabase). */
  database?: Database;
  /** Opening in progress (one open per context). */
  opening?: Promise<Database>;
  /** The public and private file areas: given, or built from `config` when first used. */
  storage?: Record<Visibility, Storage>;
  /** Instances built once per context from the above (the auth instance): see `contextual`. */
  readonly instances: Map<symbol, unknown>;
};

export type ContextOptions = {
  /** Settings over those of `environment` (tests). */
  config?: Partial<AppConfig>;
  /** The variables the configuration is read from: process.env unless given. */
  environment?: Record<string, string | undefined>;
  database?: Database;
  storage?: Record<Visibility, Storage>;
  clock?: () => Date;
};

export function createAppContext(options: ContextOptions = {}): AppContext {
  const config = Object.freeze({ ...readConfig(options.environment ?? process.env), ...options.config });
  return {
    config,
    mode: decideMode(config),
    clock: options.clock ?? (() => new Date()),
    database: options.database,
    storage: options.storage,
    instances: new Map(),
  };
}

/**
 * A context like `base` with other settings, storage or database (tests, a restore into another
 * database). The database is shared unless another is given; instances are built anew.
 */
export function deriveAppContext(base: AppContext, options: Omit<ContextOptions, "environment">): AppContext {
  const config = Object.freeze({ ...base.config, ...options.config });
  return {
    config,
    mode: decideMode(config),
    clock: options.clock ?? base.clock,
    database: options.database ?? base.database,
    storage: options.storage ?? (options.config ? undefined : base.storage),
    instances: new Map(),
  };
}

const scope = new AsyncLocalStorage<AppContext>();
// On globalThis so that Vite's module reloads in development keep the process's context (and
// never open a second embedded database on the same folder).
const started = globalThis as typeof globalThis & { __appContext?: AppContext };

/** The context of the work in progress: the one it runs in, else the process's. */
export function appContext(): AppContext {
  const context = scope.getStore() ?? started.__appContext;
  if (!context) throw new Error("Sin contexto de la aplicación: el arranque (o la prueba) debe llamar a useAppContext()");
  return context;
}

/** This process's context, if one was made. */
export function processAppContext(): AppContext | undefined {
  return started.__appContext;
}

/** Makes `context` this process's context (start-up, a script, a test file); returns the previous one. */
export function useAppContext(context: AppContext | undefined): AppContext | undefined {
  const previous = started.__appContext;
  started.__appContext = context;
  return previous;
}

/** Runs `work` (and everything it starts) in `context`. */
export function runInAppContext<T>(context: AppContext, work: () => T): T {
  return scope.run(context, work);
}

/** An instance built once per context (e.g. the auth instance from its settings and database). */
export function contextual<T>(key: symbol, build: () => T): T {
  const { instances } = appContext();
  if (!instances.has(key)) instances.set(key, build());
  return instances.get(key) as T;
}
