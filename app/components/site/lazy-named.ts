import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * React.lazy for a named export. If its chunk cannot be fetched (a new release replaced the
 * files, the connection dropped), the page reloads instead of falling into the error page:
 * nothing is shown until then, and the next tap finds the new release's code.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] as never };
    } catch {
      window.location.reload();
      return new Promise<never>(() => {});
    }
  });
}
