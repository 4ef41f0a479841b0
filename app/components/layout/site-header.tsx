/**
 * The header (SPEC section 2, "Global chrome"): logo, the seven links, the log-in icon and the
 * cart. The links need about 980 px in one row, so below `lg` (1024 px: phones, tablets, an
 * iPad in portrait) they live in the side menu behind the menu button instead of spilling
 * off the screen. The side menu is a native modal <dialog>: focus moves into it and stays
 * there, Escape and the backdrop close it, and so does any link, the current page's included;
 * on closing, focus goes back to the menu button.
 */
import { Menu, Search, ShoppingBag, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "~/config/site";
import { AccountMenu, type HeaderUser } from "./account-menu";
import { NAV_LINKS } from "./nav-links";

export function SiteHeader({ cartCount, user }: { cartCount: number; user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Any navigation (the browser's back button too) closes the side menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each location change
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-sand/80 bg-cream/95 backdrop-blur">
      {/* Phones: a row. Tablets: three columns, so the logo sits in the very middle. Desktop: a row again. */}
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:grid sm:grid-cols-[1fr_auto_1fr] sm:gap-4 md:h-20 lg:flex">
        <button
          ref={menuButton}
          type="button"
          className="-ml-2 shrink-0 justify-self-start p-2 text-cocoa hover:text-clay lg:hidden"
          aria-label="Abrir menú"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="menu-movil"
          onClick={() => setMenuOpen(true)}
        >
          <Menu className="size-6" aria-hidden />
        </button>

        {/* The link's name is its visible text (WCAG 2.5.3), then where it goes. One line at
            any width: the type steps down on the narrowest phones instead of wrapping. */}
        <Link
          to="/"
          className="flex min-w-0 flex-col items-center whitespace-nowrap leading-none lg:items-start"
          data-testid="header-logo"
        >
          <span className="font-serif text-xl tracking-[0.06em] text-cocoa min-[380px]:text-2xl min-[380px]:tracking-[0.08em] md:text-3xl">
            {site.name}
          </span>{" "}
          <span className="mt-1 text-[0.55rem] uppercase tracking-[0.3em] text-clay-dark min-[380px]:text-[0.6rem] min-[380px]:tracking-[0.35em]">
            Micropigmentación
          </span>
          <span className="sr-only">, inicio</span>
        </Link>

        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-5 text-xs uppercase tracking-[0.14em] xl:gap-7">
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

        <div className="-mr-2 flex shrink-0 items-center gap-0.5 justify-self-end min-[380px]:gap-1">
          {/* A link, not a script: the results page holds the search box (works without JavaScript). */}
          <Link to="/buscar" className="p-2 text-cocoa hover:text-clay" aria-label="Buscar" data-testid="header-search">
            <Search className="size-6" aria-hidden strokeWidth={1.5} />
          </Link>
          <AccountMenu user={user} />
          <Link to="/carrito" className="relative p-2 text-cocoa hover:text-clay" aria-label={`Carrito, ${cartCount} artículos`}>
            <ShoppingBag className="size-6" aria-hidden strokeWidth={1.5} />
            <span
              data-testid="cart-count"
              className="absolute right-0 top-0 flex min-w-5 items-center justify-center rounded-full bg-clay-dark px-1 text-[0.65rem] font-medium leading-5 text-white"
            >
              {cartCount}
            </span>
          </Link>
        </div>
      </div>

      <SideMenu
        open={menuOpen}
        onClose={() => {
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
      />
    </header>
  );
}

function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  // Widening the window until the full navigation shows closes the menu (it would stay modal).
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia("(min-width: 64rem)");
    const onChange = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [open, onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (the dialog's cancel)
    <dialog
      ref={dialogRef}
      id="menu-movil"
      aria-label="Menú"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      {open && (
        <nav aria-label="Menú móvil" className="flex h-full flex-col px-7 pb-8 pt-5">
          <div className="flex items-center justify-between">
            <span className="font-serif text-2xl tracking-[0.06em] text-cocoa">{site.name}</span>
            <button type="button" className="-mr-2 p-2 text-cocoa hover:text-clay" aria-label="Cerrar menú" onClick={onClose}>
              <X className="size-6" aria-hidden />
            </button>
          </div>
          <ul className="mt-8 flex flex-col">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  // A tap on any link closes the menu, the page already shown included.
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block border-b border-sand py-3.5 text-sm uppercase tracking-[0.2em] transition-colors hover:text-clay ${isActive ? "text-clay-dark" : "text-cocoa"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="mt-auto pt-8 font-serif text-lg italic text-muted">{site.tagline}</p>
        </nav>
      )}
    </dialog>
  );
}
