import { Menu, ShoppingBag, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "~/config/site";
import { AccountMenu, type HeaderUser } from "./account-menu";
import { NAV_LINKS } from "./nav-links";

export function SiteHeader({ cartCount, user }: { cartCount: number; user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A navigation closes the side menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each location change
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-sand/80 bg-cream/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4 md:h-20">
        <button
          type="button"
          className="-ml-2 p-2 text-cocoa sm:hidden"
          aria-label="Abrir menú"
          aria-expanded={menuOpen}
          aria-controls="menu-movil"
          onClick={() => setMenuOpen(true)}
        >
          <Menu className="size-6" aria-hidden />
        </button>

        {/* The link's name is its visible text (WCAG 2.5.3), then where it goes. */}
        <Link to="/" className="flex flex-col items-center leading-none sm:items-start">
          <span className="font-serif text-2xl tracking-[0.08em] text-cocoa md:text-3xl">{site.name}</span>{" "}
          <span className="mt-1 text-[0.6rem] uppercase tracking-[0.35em] text-clay-dark">Micropigmentación</span>
          <span className="sr-only">, inicio</span>
        </Link>

        <nav aria-label="Principal" className="hidden sm:block">
          <ul className="flex items-center gap-3 text-[0.72rem] uppercase tracking-[0.14em] md:gap-6 md:text-xs">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    `border-b py-1 transition-colors hover:text-clay ${isActive ? "border-clay text-clay-dark" : "border-transparent text-cocoa"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <AccountMenu user={user} />
          <Link to="/carrito" className="relative p-2 text-cocoa hover:text-clay" aria-label={`Carrito, ${cartCount} artículos`}>
            <ShoppingBag className="size-6" aria-hidden strokeWidth={1.5} />
            <span
              data-testid="cart-count"
              className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-clay-dark px-1 text-[0.65rem] font-medium leading-5 text-white"
            >
              {cartCount}
            </span>
          </Link>
        </div>
      </div>

      {menuOpen && (
        <div className="fixed inset-0 z-50 sm:hidden" id="menu-movil">
          <button
            type="button"
            aria-label="Cerrar menú"
            className="absolute inset-0 bg-ink/40"
            onClick={() => setMenuOpen(false)}
          />
          <nav
            aria-label="Menú móvil"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col bg-cream px-6 py-6 shadow-2xl"
          >
            <div className="flex items-center justify-between">
              <span className="font-serif text-2xl text-cocoa">Michel Alvarez</span>
              <button type="button" className="p-2 text-cocoa" aria-label="Cerrar menú" onClick={() => setMenuOpen(false)}>
                <X className="size-6" aria-hidden />
              </button>
            </div>
            <ul className="mt-8 flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className={({ isActive }) =>
                      `block border-b border-sand py-3 text-sm uppercase tracking-[0.2em] ${isActive ? "text-clay-dark" : "text-cocoa"}`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="mt-auto text-xs text-muted">{site.tagline}</p>
          </nav>
        </div>
      )}
    </header>
  );
}
