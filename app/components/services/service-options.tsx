import { MediaImage } from "~/components/site/media-image";
import type { ServiceDetail } from "~/domain/catalog";

/** The three fixed option blocks of the brows service (SPEC §2), in this order. */
export const OPTION_TITLES = ["Microblading", "Hibridas", "Ombré"] as const;

/**
 * A service's options: its free text, or, when it has none and opcion1..3 are set, the
 * three blocks Microblading, Hibridas and Ombré, each with its image.
 */
export function ServiceOptions({ service }: { service: ServiceDetail }) {
  const blocks = [
    { title: OPTION_TITLES[0], text: service.opcion1, image: service.url1 },
    { title: OPTION_TITLES[1], text: service.opcion2, image: service.url2 },
    { title: OPTION_TITLES[2], text: service.opcion3, image: service.url3 },
  ];
  const hasBlocks = !service.opciones?.trim() && blocks.some((b) => b.text?.trim());

  if (hasBlocks) {
    return (
      <ul className="mt-10 grid gap-10 md:grid-cols-3 md:gap-8" data-testid="service-option-blocks">
        {blocks.map((block) => (
          <li key={block.title} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand">
            <MediaImage
              src={block.image}
              alt={`Resultado de ${block.title}`}
              width={800}
              height={800}
              sizes="(min-width: 851px) 33vw, 100vw"
              className="aspect-square w-full object-cover"
            />
            <div className="p-6">
              <h3 className="text-2xl">{block.title}</h3>
              <p className="mt-3 whitespace-pre-line text-sm leading-relaxed text-muted">{block.text}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (!service.opciones?.trim()) return null;
  return (
    <div className="mt-8 whitespace-pre-line leading-relaxed text-ink/85" data-testid="service-options-text">
      {service.opciones}
    </div>
  );
}
