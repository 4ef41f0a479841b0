import { Link } from "react-router";
import { storeGalleryService } from "~/components/services/gallery-storage";

/** One tab per service plus 'Todo'. Each tab is a link (?servicio=), so it works without JavaScript. */
export function GalleryTabs({
  services,
  current,
}: {
  services: { id: string; nombre: string }[];
  current: string | null;
}) {
  const tabs = [{ id: null, nombre: "Todo" }, ...services];
  return (
    <nav aria-label="Filtrar la galería por servicio" className="-mx-5 overflow-x-auto px-5 md:mx-0 md:px-0">
      <ul className="mx-auto flex w-max gap-2 md:flex-wrap md:justify-center">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id ?? "todo"}>
              <Link
                to={tab.id ? `?servicio=${encodeURIComponent(tab.id)}` : "?"}
                preventScrollReset
                replace
                onClick={() => storeGalleryService(tab.id)}
                aria-current={active ? "page" : undefined}
                data-testid="gallery-tab"
                className={`block whitespace-nowrap rounded-full border px-5 py-2 text-xs uppercase tracking-[0.18em] transition-colors ${
                  active ? "border-cocoa bg-cocoa text-cream" : "border-sand bg-white text-cocoa hover:border-cocoa"
                }`}
              >
                {tab.nombre}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
