import { deferred } from "~/components/site/deferred";

/**
 * A product's or a course's reviews (reviews-section.tsx) at the foot of its page: their code
 * (the list, the form, the stars) comes when they come into view (ADR 027).
 */
export const DeferredReviews = deferred("resenas", () => import("./reviews-section").then((m) => m.ReviewsSection));
