/**
 * The admin area's sections: a row of tabs under the site header on a phone (scrolls
 * sideways, large tap targets) and a sidebar on a desktop.
 */
import {
  Banknote,
  CalendarDays,
  CalendarOff,
  ClipboardCheck,
  Contact,
  Camera,
  FileText,
  FolderTree,
  Gift,
  GraduationCap,
  Award,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  MailWarning,
  Megaphone,
  MessageSquareText,
  Package,
  Percent,
  RotateCcw,
  Search,
  ShoppingBag,
  Sparkles,
  Truck,
  Users,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

type Section = { href: string; label: string; icon: LucideIcon; also?: string[] };

export const ADMIN_SECTIONS: Section[] = [
  { href: "/admin", label: "Inicio", icon: LayoutDashboard },
  { href: "/admin/buscar", label: "Buscar", icon: Search },
  { href: "/admin/clientas", label: "Clientas", icon: Contact },
  { href: "/admin/agenda", label: "Agenda", icon: CalendarDays },
  { href: "/admin/bloqueos", label: "Días bloqueados", icon: CalendarOff },
  { href: "/admin/pedidos", label: "Pedidos", icon: Package },
  { href: "/admin/pagos", label: "Pagos", icon: Banknote },
  { href: "/admin/reembolsos", label: "Reembolsos", icon: RotateCcw },
  { href: "/admin/facturas", label: "Facturas", icon: FileText },
  { href: "/admin/correos", label: "Correos no enviados", icon: MailWarning },
  { href: "/admin/productos", label: "Productos", icon: ShoppingBag },
  { href: "/admin/categorias", label: "Categorías", icon: FolderTree },
  { href: "/admin/resenas", label: "Reseñas", icon: MessageSquareText },
  { href: "/admin/dudas", label: "Dudas", icon: MessageSquareText },
  { href: "/admin/servicios", label: "Servicios", icon: Sparkles, also: ["/admin/tratamientos"] },
  {
    href: "/admin/cursos",
    label: "Cursos",
    icon: GraduationCap,
    also: ["/admin/unidades", "/admin/videos", "/admin/preguntas"],
  },
  { href: "/admin/alumnas", label: "Alumnas", icon: Users },
  { href: "/admin/practicas", label: "Prácticas", icon: ClipboardCheck },
  { href: "/admin/accesos", label: "Accesos a cursos", icon: KeyRound },
  { href: "/admin/diplomas", label: "Diplomas", icon: Award },
  { href: "/admin/cursos-de-regalo", label: "Cursos de regalo", icon: Gift },
  { href: "/admin/visitas", label: "Visitas", icon: Camera },
  { href: "/admin/promociones", label: "Promociones", icon: Percent, also: ["/admin/promociones-cursos", "/admin/promociones-pedido"] },
  { href: "/admin/envios", label: "Envíos", icon: Truck },
  { href: "/admin/aviso", label: "Aviso", icon: Megaphone },
];

function isActive(section: Section, pathname: string) {
  if (section.href === "/admin") return pathname === "/admin" || pathname === "/admin/";
  return [section.href, ...(section.also ?? [])].some((href) => pathname === href || pathname.startsWith(`${href}/`));
}

export function AdminNav() {
  const { pathname } = useLocation();
  // On a phone the row of tabs scrolls sideways: keep the current one in view.
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (pathname) current.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  return (
    <nav
      aria-label="Secciones de administración"
      className="border-b border-sand bg-white/80 md:border-b-0 md:bg-transparent"
    >
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:px-0 md:py-0">
        {ADMIN_SECTIONS.map((section) => {
          const active = isActive(section, pathname);
          const Icon = section.icon;
          return (
            <li key={section.href} className="shrink-0">
              <Link
                to={section.href}
                ref={active ? current : undefined}
                aria-current={active ? "page" : undefined}
                className={`flex min-h-12 flex-col items-center justify-center gap-1 rounded-xl px-3 py-2 text-xs font-medium md:flex-row md:justify-start md:gap-3 md:px-4 md:text-sm ${
                  active ? "bg-cocoa text-cream" : "text-cocoa hover:bg-sand"
                }`}
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                <span className="whitespace-nowrap">{section.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
