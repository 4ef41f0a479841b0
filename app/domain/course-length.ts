/**
 * How long a course is, as its card and its page print it. Both read the catalogue row's
 * `horas` and `duracion` (the one source of these facts): the card the hours, the page both.
 */
type Length = { horas: string; duracion: string };

/** The card's line: '24 horas' (the duration when no hours are given). */
export function courseHours({ horas, duracion }: Length): string {
  return horas || duracion;
}

/** The page's 'Duración': '3 días (24 horas)', or whichever of the two is given. */
export function courseLength({ horas, duracion }: Length): string {
  return horas && duracion ? `${duracion} (${horas})` : horas || duracion;
}
