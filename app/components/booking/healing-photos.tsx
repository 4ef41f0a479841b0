/** The healing photos a client sent from her aftercare check-ins (issue 30), on the studio's appointment screen. */
import { AdminPanel } from "~/components/admin/admin-page";

export type HealingPhoto = { id: number; dia: number; src: string; fecha: string };

export function HealingPhotos({ fotos }: { fotos: HealingPhoto[] }) {
  if (fotos.length === 0) return null;
  return (
    <AdminPanel title="Fotos de cicatrización">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="fotos-cuidados">
        {fotos.map((f) => (
          <li key={f.id}>
            <a href={f.src} target="_blank" rel="noopener">
              <img
                src={f.src}
                alt={`Día ${f.dia}`}
                className="aspect-square w-full rounded-xl object-cover"
                loading="lazy"
              />
            </a>
            <span className="mt-1 block text-xs text-muted">
              Día {f.dia} · {f.fecha}
            </span>
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}
