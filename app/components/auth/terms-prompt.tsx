import { type ComponentProps, Suspense } from "react";
import { lazyNamed } from "~/components/site/lazy-named";
import type { TermsDialog as Dialog } from "./terms-dialog";

const TermsDialog = lazyNamed(() => import("./terms-dialog"), "TermsDialog");

/**
 * The terms prompt (terms-dialog.tsx), fetched the first time it opens: the cart and the
 * course page do not load it with their first screen (issue 13).
 */
export function TermsPrompt(props: ComponentProps<typeof Dialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog {...props} />
    </Suspense>
  );
}
