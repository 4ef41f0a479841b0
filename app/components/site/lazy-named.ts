import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * `load()`, the import of a chunk. If it cannot be fetched (a new release replaced the files,
 * the connection dropped), the page reloads instead of falling into the error page: nothing is
 * shown until then (the promise never settles), and the next tap finds the new release's code.
 */
export async function importOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch {
    window.location.reload();
    return new Promise<never>(() => {});
  }
}

/** React.lazy for a named export, reloading the page when its chunk cannot be fetched. */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => ({ default: (await importOrReload(load))[name] as never }));
}
