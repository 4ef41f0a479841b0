/**
 * Step 1 of a treatment that requires a patch test (issue 30): book the test first, then come
 * back for the session (only starts from `desde` on are offered once the test is known).
 */
import { FlaskConical } from "lucide-react";
import { Link } from "react-router";

export type PatchTestStep = { pruebaHref: string; pruebaNombre: string; horas: number; desde: string | null };

export function PatchTestNotice({ step }: { step: PatchTestStep }) {
  return (
    <aside className="mt-6 max-w-2xl rounded-2xl border border-sand bg-white p-5" data-testid="patch-test-notice">
      <p className="flex items-center gap-2 font-medium text-cocoa">
        <FlaskConical className="size-5" aria-hidden /> Este tratamiento requiere una {step.pruebaNombre.toLowerCase()}
      </p>
      {step.desde ? (
        <p className="mt-2 text-sm text-ink/80">
          Ya tienes tu prueba: te mostramos los horarios a partir del {step.desde} ({step.horas} h después).
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink/80">
            Paso 1: agenda tu prueba (es breve y sin costo). Paso 2: agenda aquí tu sesión, al menos {step.horas} h
            después de la prueba. Si ya te hiciste la prueba, elige tu horario abajo con el mismo correo o WhatsApp.
          </p>
          <Link to={step.pruebaHref} className="btn-outline mt-3 inline-flex">
            Agendar mi prueba primero
          </Link>
        </>
      )}
    </aside>
  );
}

/** On the test's own page: step 2, the session(s) that follow it. */
export function NextSessionLinks({ links }: { links: { nombre: string; href: string }[] }) {
  return (
    <p className="mt-4 rounded-2xl bg-sand/50 px-5 py-4 text-cocoa" data-testid="patch-test-next">
      Paso 2: ya puedes agendar tu sesión
      {links.map((l) => (
        <Link key={l.href} to={l.href} className="ml-2 font-medium text-clay-dark underline">
          {l.nombre}
        </Link>
      ))}
    </p>
  );
}
