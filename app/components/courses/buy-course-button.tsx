/**
 * The course page's BUY button (SPEC §4 'Course buying'). It posts `intent=comprar` to the
 * course page, whose action asks the server (buyCourse in school/enrolment.server.ts): logged out →
 * the spec's log-in alert (its button opens the log-in overlay); terms not accepted → the terms prompt, then /pagar-curso/{id};
 * otherwise the server redirects straight on. A course already owned is not sold again:
 * the button becomes a link to its viewer.
 */
import { CircleCheck, PlayCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { useLoginRequired } from "~/components/auth/login-overlay-provider";
import { TermsPrompt } from "~/components/auth/terms-prompt";
import type { BuyerRefusal } from "~/domain/buyer";

export function BuyCourseButton({ courseId, owned }: { courseId: string; owned: boolean }) {
  const fetcher = useFetcher<BuyerRefusal>();
  const requireLogin = useLoginRequired();
  const navigate = useNavigate();
  const [askTerms, setAskTerms] = useState(false);
  const handled = useRef<unknown>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.reason === "login") void requireLogin(answer.message);
    else if (answer.reason === "terminos") setAskTerms(true);
  }, [fetcher.state, fetcher.data, requireLogin]);

  if (owned) {
    return (
      <div className="flex flex-col gap-3" data-testid="course-owned">
        <p className="flex items-center gap-2 text-sm text-cocoa">
          <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
          Ya tienes este curso.
        </p>
        <Link to={`/curso-michel-alvarez/${courseId}`} className="btn-primary w-full py-4 text-base">
          <PlayCircle className="size-5" aria-hidden />
          Ver curso
        </Link>
      </div>
    );
  }

  return (
    <>
      <fetcher.Form method="post" className="w-full" data-testid="buy-course-form">
        <input type="hidden" name="intent" value="comprar" />
        <button type="submit" className="btn-accent w-full py-4 text-base" disabled={busy}>
          Comprar
        </button>
      </fetcher.Form>
      <TermsPrompt
        open={askTerms}
        onClose={() => setAskTerms(false)}
        onAccepted={() => {
          setAskTerms(false);
          navigate(`/pagar-curso/${courseId}`);
        }}
      />
    </>
  );
}
