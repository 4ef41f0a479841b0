import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import { Suspense } from "react";
import cormorant500 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import jost400 from "@fontsource/jost/files/jost-latin-400-normal.woff2?url";
import jost500 from "@fontsource/jost/files/jost-latin-500-normal.woff2?url";
import type { Route } from "./+types/root";
import cssUrl from "./app.css?url";
import { InlineStyle } from "./components/layout/inline-style";
import { LoginOverlayProvider } from "./components/auth/login-overlay-provider";
import { AlertProvider } from "./components/ui/alert-provider";
import { ToastProvider } from "./components/ui/toast-provider";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { WhatsAppButton } from "./components/layout/whatsapp-button";
import { NotFoundPage } from "./components/layout/not-found-page";
import { ServiceUnavailablePage, isMessage } from "./components/layout/service-unavailable-page";
import { notFoundMeta } from "./components/site/seo";
import { site } from "./config/site";
import { isAdmin } from "./server/admin/guard.server";
import { env } from "./server/env.server";
import { isDemo } from "./server/mode.server";
import { cartItemCount } from "./server/shop/cart-cookie.server";
import { currentUser } from "./server/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [cartCount, user] = await Promise.all([cartItemCount(request), currentUser(request)]);
  return {
    cartCount,
    user: user ? { id: user.id, nombre: user.name, admin: isAdmin(user) } : null,
    /** PUBLIC_URL, for pages' canonical links (see `rootOrigin` in components/site/seo.ts) */
    origin: env.publicUrl,
    /** the demo mode (mode.server.ts): the footer says payments are not real */
    demo: isDemo(),
  };
}

/** Only when the root's boundary shows an error: the 404 page or the error page names itself. */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta();
  // A 503 carries its message (server/http/errors.server.ts): its title names the page.
  const title =
    isRouteErrorResponse(error) && error.status === 503 && isMessage(error.data) ? error.data.title : "Error";
  return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export const links: Route.LinksFunction = () => [
  // The fonts of the first screen (body text, eyebrows and buttons, headings), found before
  // the CSS asks for them (a font the CSS finds is fetched at the highest priority, ahead of
  // the LCP image; a preloaded one at high).
  { rel: "preload", href: jost400, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: jost500, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: cormorant500, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // In development the stylesheet is a file (Vite reloads it); in production it is inlined.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: cssUrl }] : []),
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7f2" />
        <Meta />
        {/* Stylesheets need no nonce ('self'); the browser hides it, so a nonce here breaks hydration. */}
        <Links nonce="" />
        {import.meta.env.DEV ? null : <InlineStyle />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#principal" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
          Saltar al contenido
        </a>
        <NavigationProgress />
        <ToastProvider>
          <AlertProvider>
            <LoginOverlayProvider loggedIn={Boolean(data?.user)}>
              {/*
                Each part of the page is a Suspense boundary (issue 27): React hydrates the shell
                first and then each boundary in a lane of its own that yields to the browser, so
                no single long task runs from the first script to the last effect. A tap on a part
                not hydrated yet hydrates that part first. Nothing here suspends on the client (ADR 043).
              */}
              <Suspense>
                <SiteHeader cartCount={data?.cartCount ?? 0} user={data?.user ?? null} />
              </Suspense>
              <Suspense>
                <main id="principal" className="flex-1">
                  {children}
                </main>
              </Suspense>
              <Suspense>
                <SiteFooter demo={data?.demo ?? false} />
                <WhatsAppButton />
              </Suspense>
            </LoginOverlayProvider>
          </AlertProvider>
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The database is unreachable (server/http/errors.server.ts): come back in a few minutes.
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailablePage message={error.data} />;
  // A form refused before its action (control characters: server/http/form-gate.server.ts).
  if (isRouteErrorResponse(error) && error.status === 400 && isMessage(error.data)) {
    return <ServiceUnavailablePage message={error.data} status={400} />;
  }
  // In the browser only: on the server, entry.server.tsx logs it without personal data.
  if (typeof document !== "undefined") console.error(error);
  return (
    <section className="container-page py-24 text-center">
      <p className="eyebrow">Error</p>
      <h1 className="mt-4 text-4xl">Algo salió mal</h1>
      <p className="mt-4 text-muted">Ocurrió un error inesperado. Intenta de nuevo en unos momentos.</p>
      <a href="/" className="btn-primary mt-8">
        Volver al inicio
      </a>
    </section>
  );
}
