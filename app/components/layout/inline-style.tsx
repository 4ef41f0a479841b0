import { createContext, useContext } from "react";

/**
 * The page's stylesheet, inlined in its <head> (ADR 019): the first paint waits for no second
 * request. `app/entry.server.tsx` provides a marker and the request's CSP nonce, and fills the
 * marker with the rules the page's markup uses (server/http/page-css.server.ts, ADR 027); in
 * the browser the context is empty and the element keeps what the server wrote (React does not
 * patch a suppressed element), so the CSS never travels inside the JavaScript.
 */
export const InlineStyleContext = createContext<{ css: string; nonce?: string } | null>(null);

export function InlineStyle() {
  const style = useContext(InlineStyleContext);
  return (
    <style
      nonce={style?.nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input
      dangerouslySetInnerHTML={{ __html: style?.css ?? "" }}
      suppressHydrationWarning
    />
  );
}
