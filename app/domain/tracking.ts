/**
 * The carriers' public tracking pages (issue 29, ADR 036): the link the buyer's shipping mail
 * carries for a carrier and tracking number the studio typed by hand. A label bought through
 * the shipping provider carries the provider's own link instead (guias.url_rastreo). Pure.
 */
const PAGES: { match: RegExp; url: (guia: string) => string }[] = [
  {
    match: /estafeta/i,
    url: (g) => `https://rastreositecorecms.azurewebsites.net/Tracking/searchByGet/?wayBillType=1&wayBill=${g}`,
  },
  { match: /dhl/i, url: (g) => `https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${g}` },
  { match: /fedex/i, url: (g) => `https://www.fedex.com/fedextrack/?trknbr=${g}` },
  { match: /redpack/i, url: (g) => `https://www.redpack.com.mx/es/rastreo/?guias=${g}` },
  { match: /paquete\s*express|paquetexpress/i, url: (g) => `https://www.paquetexpress.com.mx/rastreo/${g}` },
  { match: /\bups\b/i, url: (g) => `https://www.ups.com/track?loc=es_MX&tracknum=${g}` },
  { match: /99\s*minutos/i, url: (g) => `https://tracking.99minutos.com/search/${g}` },
  {
    match: /correos de m[eé]xico|sepomex/i,
    url: (g) => `https://www.correosdemexico.gob.mx/SSLServicios/SeguimientoEnvio/Seguimiento.aspx?guia=${g}`,
  },
];

/** The carrier's tracking page for a tracking number, or null for a carrier we do not know. */
export function urlRastreo(paqueteria: string, guia: string): string | null {
  const numero = guia.replace(/\s+/g, "");
  if (!numero || !/^[A-Za-z0-9-]{1,60}$/.test(numero)) return null;
  const page = PAGES.find((p) => p.match.test(paqueteria));
  return page ? page.url(encodeURIComponent(numero)) : null;
}
