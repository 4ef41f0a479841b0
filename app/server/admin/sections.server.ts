/**
 * The admin area's sections, registered with the generic screens. Route modules import
 * the screens from here so that every section is known before the first request.
 */
import { count } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { categorias, cursos, productos, servicios, visitas } from "../db/schema";
import { blockoutsResource } from "./blockouts.server";
import { categoriesResource } from "./categories.server";
import { coursesResource, questionsResource, unitsResource, videosResource } from "./courses.server";
import { pendingOrdersCount } from "./orders.server";
import { soldOutCount, productsResource } from "./products.server";
import { coursePromotionsResource, orderPromotionsResource, productPromotionsResource } from "./promotions.server";
import { pendingRefundsCount } from "./refunds.server";
import { todaysAppointments } from "./agenda.server";
import { registerResources } from "./resource.server";
import { servicesResource } from "./services.server";
import { treatmentsResource } from "./treatments.server";
import { shippingBandsResource } from "./shipping.server";
import { visitsResource } from "./visits.server";

registerResources([
  productsResource,
  categoriesResource,
  servicesResource,
  treatmentsResource,
  blockoutsResource,
  coursesResource,
  unitsResource,
  videosResource,
  questionsResource,
  visitsResource,
  productPromotionsResource,
  coursePromotionsResource,
  orderPromotionsResource,
  shippingBandsResource,
]);

export { editAction, editScreen, listAction, listScreen } from "./resource.server";

/** The numbers on the admin home's tiles. */
export async function adminHomeCounts(db: Db) {
  const total = (table: typeof productos | typeof categorias | typeof servicios | typeof cursos | typeof visitas) =>
    db
      .select({ n: count() })
      .from(table)
      .then(([row]) => row?.n ?? 0);
  const [citasHoy, pedidos, reembolsos, agotados, nProductos, nCategorias, nServicios, nCursos, nVisitas] =
    await Promise.all([
      todaysAppointments(db),
      pendingOrdersCount(db),
      pendingRefundsCount(db),
      soldOutCount(db),
      total(productos),
      total(categorias),
      total(servicios),
      total(cursos),
      total(visitas),
    ]);
  return {
    citasHoy,
    pedidos,
    reembolsos,
    agotados,
    productos: nProductos,
    categorias: nCategorias,
    servicios: nServicios,
    cursos: nCursos,
    visitas: nVisitas,
  };
}
