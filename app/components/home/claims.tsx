import { site } from "~/config/site";

/** The studio's claims (SPEC §1: over 7,500 brows, over 200 students), big and quiet. */
export function Claims() {
  const items = [
    { claim: site.claims.brows, detail: "diseñadas a la medida de cada rostro" },
    { claim: site.claims.students, detail: "formadas en nuestra academia" },
  ];
  return (
    <section aria-label="Nuestra experiencia" className="border-b border-sand bg-cream">
      <ul className="container-page grid divide-y divide-sand sm:grid-cols-2 sm:divide-x sm:divide-y-0" data-testid="claims">
        {items.map((item) => (
          <li key={item.claim} className="px-4 py-10 text-center md:py-14">
            <p className="font-serif text-4xl text-cocoa first-letter:uppercase md:text-5xl">{item.claim}</p>
            <p className="mt-2 text-sm uppercase tracking-[0.2em] text-muted">{item.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
