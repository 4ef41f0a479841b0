/** Classes for content HTML (consent declaration, policy, preparation) inside the booking pages. */
export const BOOKING_PROSE = [
  "leading-relaxed text-ink/85",
  "[&_p]:mt-3 [&_h2]:mt-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h3]:mt-5 [&_h3]:font-serif [&_h3]:text-xl",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-clay",
  "[&_a]:font-medium [&_a]:text-clay-dark [&_a]:underline [&_strong]:text-ink",
].join(" ");
