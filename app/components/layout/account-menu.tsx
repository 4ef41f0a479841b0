/**
 * The header's login icon. Logged out it opens the login overlay (`LoginOverlayProvider`,
 * also opened by `?login=1` in the URL); logged in, a menu with 'Mi perfil',
 * 'Administración' for the studio's admins, and 'Cerrar Sesión'. It also greets the user coming back from Google or Facebook.
 */
import { ChevronDown, UserRound } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useLoginOverlay } from "~/components/auth/login-overlay-provider";
import { lazyNamed } from "~/components/site/lazy-named";
import { useAlert } from "~/components/ui/alert-provider";

// Only a visit back from Google or Facebook (`?sesion=`) needs it, with its terms prompt:
// fetched then, out of every page's first load (ADR 019).
const SocialLoginResult = lazyNamed(() => import("~/components/auth/social-login-result"), "SocialLoginResult");
// The open menu's links: fetched on the first opening, like the log-in overlay for visitors.
const AccountMenuPanel = lazyNamed(() => import("./account-menu-panel"), "AccountMenuPanel");

/** `admin`: the server's admin guard says so (app/server/admin/guard.server.ts isAdmin); the link to /admin shows. */
export type HeaderUser = { id: string; nombre: string; admin: boolean };

export function AccountMenu({ user }: { user: HeaderUser | null }) {
  return (
    <>
      {user ? <UserMenu user={user} /> : <LoginButton />}
      <SocialLoginResultWhenBack />
    </>
  );
}

/** Mounted from the first `?sesion=` on: it removes the parameter, then may ask for the terms. */
function SocialLoginResultWhenBack() {
  const [searchParams] = useSearchParams();
  const [wanted, setWanted] = useState(false);
  if (searchParams.has("sesion") && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SocialLoginResult />
    </Suspense>
  );
}

function LoginButton() {
  const { openLogin } = useLoginOverlay();
  return (
    <button
      type="button"
      onClick={openLogin}
      className="p-2 text-cocoa hover:text-clay"
      aria-label="Iniciar sesión"
      aria-haspopup="dialog"
      data-testid="login-icon"
    >
      <UserRound className="size-6" aria-hidden strokeWidth={1.5} />
    </button>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const alert = useAlert();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function logOut() {
    if (leaving) return;
    setLeaving(true);
    const { logOutMessage } = await import("./log-out");
    const { ok, message } = await logOutMessage();
    setOpen(false);
    if (!ok) {
      setLeaving(false);
      await alert.show(message);
      return;
    }
    // SPEC section 4: logout alert, then back to / (a full load, without the session).
    await alert.show(message);
    window.location.assign("/");
  }

  // Accounts created before sign-up required a name may still have none.
  const nombre = user.nombre.trim();
  const firstName = nombre.split(/\s+/)[0] ?? "";

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="menu-cuenta"
        aria-label={nombre ? `Mi cuenta (${nombre})` : "Mi cuenta"}
        data-testid="account-menu"
        className="flex items-center gap-1 p-2 text-cocoa hover:text-clay"
      >
        <span
          className="flex size-7 items-center justify-center rounded-full bg-cocoa text-xs font-medium uppercase text-cream"
          aria-hidden
        >
          {firstName.charAt(0) || "?"}
        </span>
        <ChevronDown
          className={`hidden size-4 transition-transform sm:block ${open ? "rotate-180" : ""}`}
          aria-hidden
        />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuPanel user={user} firstName={firstName} leaving={leaving} logOut={logOut} />
        </Suspense>
      )}
    </div>
  );
}
