/**
 * The diploma PDF (certificado_michel.pdf): enrolled students who earned it only; a
 * stranger is sent home, an enrolled student without the perfect score gets a 403.
 */
import { diplomaResponse, requireEarnedDiploma } from "~/server/school/diploma.server";
import type { Route } from "./+types/curso-certificado";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { curso, diploma } = await requireEarnedDiploma(request, params.id);
  return diplomaResponse(diploma, curso);
}
