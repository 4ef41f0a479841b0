import { formatScore } from "../exam";
import type { AlertMessage } from "./alert";

// --- Exam ----------------------------------------------------------------------------

export function examInsufficient(score: number) {
  const lines = [
    `Lo sentimos, tu calificación ha sidio de ${formatScore(score)}.`,
    "Para obtener tu diploma es necesario obtener una calificacion perfecta.",
    "Intentalo nuevamente.",
  ] as const;
  return {
    icon: "error",
    title: "Calificación insuficiente",
    text: lines.join(" "),
    lines,
  } as const satisfies AlertMessage;
}
