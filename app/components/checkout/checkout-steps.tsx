/** The checkout breadcrumb (SPEC §2): Información → Envío → Pagar. Earlier steps are links back. */
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { CheckoutStep } from "~/domain/checkout";

export type { CheckoutStep };

const STEPS: { id: CheckoutStep; label: string }[] = [
  { id: "informacion", label: "Información" },
  { id: "envio", label: "Envío" },
  { id: "pagar", label: "Pagar" },
];

export function CheckoutBreadcrumb({
  current,
  hrefs,
}: {
  current: CheckoutStep;
  /** where each reachable step lives; a step without a link is shown but not clickable */
  hrefs: Partial<Record<CheckoutStep, string>>;
}) {
  return (
    <nav aria-label="Pasos de la compra" data-testid="checkout-steps">
      <ol className="flex flex-wrap items-center gap-1.5 text-xs uppercase tracking-[0.2em] sm:text-sm">
        {STEPS.map((step, i) => {
          const href = hrefs[step.id];
          return (
            <li key={step.id} className="flex items-center gap-1.5">
              {i > 0 && <ChevronRight className="size-3.5 text-muted" aria-hidden />}
              {step.id === current ? (
                <span aria-current="step" className="font-medium text-cocoa">
                  {step.label}
                </span>
              ) : href ? (
                <Link to={href} className="text-clay-dark underline-offset-4 hover:underline">
                  {step.label}
                </Link>
              ) : (
                <span className="text-muted">{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
