import { Link } from "react-router";
import { fullAddress, site } from "~/config/site";
import { NAV_LINKS } from "./nav-links";

/** Every footer link is at least 24 px tall, so a thumb finds it (WCAG 2.2, target size). */
const TARGET = "inline-flex min-h-6 items-center hover:text-blush";

/** `demo`: the demo mode (no real payments), said discreetly under the legal links. */
export function SiteFooter({ demo = false }: { demo?: boolean }) {
  return (
    <footer className="below-fold mt-24 bg-cocoa text-cream/90">
      <div className="container-page grid gap-12 py-16 md:grid-cols-4">
        <div className="md:col-span-1">
          <p className="font-serif text-3xl text-cream">Michel Alvarez</p>
          <p className="mt-3 text-sm leading-relaxed text-cream/70">{site.tagline}.</p>
          <p className="mt-3 text-sm text-cream/70">
            Con {site.claims.brows} y {site.claims.students}.
          </p>
        </div>
        <nav aria-label="Pie de página">
          <p className="eyebrow text-blush">Sitio</p>
          {/* Links 24 px tall (WCAG 2.2 target size) with 4 px between them: the same 28 px rhythm as before. */}
          <ul className="mt-4 space-y-1 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={TARGET}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="eyebrow text-blush">Horario</p>
          <ul className="mt-4 space-y-2 text-sm" data-testid="footer-hours">
            {site.hours.map((h) => (
              <li key={h.days}>
                <span className="block text-cream">{h.days}</span>
                <span className="text-cream/70">
                  {h.open} a {h.close}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="eyebrow text-blush">Visítanos</p>
          <address className="mt-4 text-sm not-italic leading-relaxed text-cream/80">{fullAddress()}</address>
          <p className="mt-3 flex flex-col items-start text-sm">
            <a href={site.phoneHref} className={TARGET}>
              {site.phone}
            </a>
            <a href={`mailto:${site.email}`} className={TARGET}>
              {site.email}
            </a>
          </p>
          <p className="mt-4 flex gap-4 text-sm">
            <a href={site.social.instagram} className={TARGET} rel="noopener noreferrer" target="_blank">
              Instagram
            </a>
            <a href={site.social.facebook} className={TARGET} rel="noopener noreferrer" target="_blank">
              Facebook
            </a>
            <a href={site.social.tiktok} className={TARGET} rel="noopener noreferrer" target="_blank">
              TikTok
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-cream/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-cream/60 md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {site.legalName}. Todos los derechos reservados.
          </p>
          <p className="flex gap-4">
            <Link to="/aviso-de-privacidad" className={TARGET}>
              Aviso de privacidad
            </Link>
            <Link to="/terminos-y-condiciones" className={TARGET}>
              Términos y condiciones
            </Link>
          </p>
        </div>
        {demo && (
          <p className="container-page pb-6 text-xs text-cream/60" data-testid="demo-notice">
            Sitio de demostración: los pagos no son reales
          </p>
        )}
      </div>
    </footer>
  );
}
