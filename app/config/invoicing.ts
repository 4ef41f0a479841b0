/**
 * What the studio's invoices say about what was sold (ADR 022). The SAT product and unit keys
 * (c_ClaveProdServ, c_ClaveUnidad) are the accountant's choice: change them here. Prices
 * include IVA at 16 %, as the shop shows them.
 */
/** The studio's postal code: the invoices' lugar de expedición (Facturapi takes it from the organization's address: keep them equal). */
const LUGAR_EXPEDICION = "44160";

export const INVOICING = {
  /** c_ClaveProdServ of makeup and micropigmentation supplies (cosméticos) */
  claveProducto: "53131619",
  /** c_ClaveProdServ of a course (servicios de capacitación vocacional no científica) */
  claveCurso: "86101700",
  /** c_ClaveProdServ of the shipping charge (servicios de envío, recogida o entrega de correo) */
  claveEnvio: "78102203",
  /** c_ClaveUnidad: H87 pieza (goods), E48 unidad de servicio (courses, shipping) */
  unidadProducto: "H87",
  unidadServicio: "E48",
  iva: 0.16,
  /** LugarExpedicion, and the DomicilioFiscalReceptor of a foreign client (RFC XEXX010101000), as the SAT says */
  lugarExpedicion: LUGAR_EXPEDICION,
  /** the demo invoice's issuer: the SAT's test RFC, and the studio's postal code as lugar de expedición */
  demoEmisor: { rfc: "AAA010101AAA", nombre: "MICHEL ALVAREZ STUDIO (DEMOSTRACIÓN)", regimen: "626", codigoPostal: LUGAR_EXPEDICION },
} as const;
