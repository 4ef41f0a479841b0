/**
 * The 32 federal entities of Mexico (Constitution, art. 43: 31 states and Mexico City), the
 * options of the checkout's 'Estado'. The stored value is the name as written here. One
 * change from the article's wording: the state it calls "México" is listed as "Estado de
 * México", the name its own government, carriers and buyers use (an address ending
 * "México, México" says nothing). Sorted as Spanish sorts them.
 */
export const ESTADOS_MEXICO = [
  "Aguascalientes",
  "Baja California",
  "Baja California Sur",
  "Campeche",
  "Chiapas",
  "Chihuahua",
  "Ciudad de México",
  "Coahuila de Zaragoza",
  "Colima",
  "Durango",
  "Estado de México",
  "Guanajuato",
  "Guerrero",
  "Hidalgo",
  "Jalisco",
  "Michoacán de Ocampo",
  "Morelos",
  "Nayarit",
  "Nuevo León",
  "Oaxaca",
  "Puebla",
  "Querétaro",
  "Quintana Roo",
  "San Luis Potosí",
  "Sinaloa",
  "Sonora",
  "Tabasco",
  "Tamaulipas",
  "Tlaxcala",
  "Veracruz de Ignacio de la Llave",
  "Yucatán",
  "Zacatecas",
] as const;

export type EstadoMexico = (typeof ESTADOS_MEXICO)[number];

/** Lower case, no accents, single spaces, no dots: how two spellings of one name compare. */
function key(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\./g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Short and old names people type (and addresses saved before the list existed). */
const ALIASES: Record<string, EstadoMexico> = {
  cdmx: "Ciudad de México",
  df: "Ciudad de México",
  "d f": "Ciudad de México",
  "distrito federal": "Ciudad de México",
  "mexico df": "Ciudad de México",
  coahuila: "Coahuila de Zaragoza",
  mexico: "Estado de México",
  "edo de mexico": "Estado de México",
  "edo mex": "Estado de México",
  edomex: "Estado de México",
  michoacan: "Michoacán de Ocampo",
  veracruz: "Veracruz de Ignacio de la Llave",
  bc: "Baja California",
  bcs: "Baja California Sur",
  nl: "Nuevo León",
  qroo: "Quintana Roo",
  slp: "San Luis Potosí",
};

const BY_KEY = new Map<string, EstadoMexico>([
  ...ESTADOS_MEXICO.map((name) => [key(name), name] as const),
  ...Object.entries(ALIASES),
]);

/**
 * The state's official name for what was sent or saved ("jalisco", "CDMX", "Michoacán"),
 * or null when it names none of the 32.
 */
export function estadoMexico(value: string): EstadoMexico | null {
  return BY_KEY.get(key(value)) ?? null;
}

// ---------------------------------------------------------------- país: the shop ships only within Mexico

/** The only country the shop ships to, as stored. */
export const PAIS_ENVIO = "México";

/** Said when another country is sent (the checkout's 'País'). */
export const SOLO_MEXICO = "Por ahora solo enviamos dentro de México.";

const PAIS_KEYS = new Set(["mexico", "mx", "mex", "estados unidos mexicanos"]);

/** "México" for the ways people write it ("Mexico", "MX", "méxico"), or null for another country. */
export function paisMexico(value: string): typeof PAIS_ENVIO | null {
  return PAIS_KEYS.has(key(value)) ? PAIS_ENVIO : null;
}

// ---------------------------------------------------------------- postal codes by state

/**
 * The first two digits of each state's postal codes (Correos de México / SEPOMEX: every
 * state's codes start in one range of two-digit prefixes; 00 and 17–19 are not assigned).
 * Inclusive ranges.
 */
export const CP_PREFIJOS: Record<EstadoMexico, readonly [desde: number, hasta: number]> = {
  "Ciudad de México": [1, 16],
  Aguascalientes: [20, 20],
  "Baja California": [21, 22],
  "Baja California Sur": [23, 23],
  Campeche: [24, 24],
  "Coahuila de Zaragoza": [25, 27],
  Colima: [28, 28],
  Chiapas: [29, 30],
  Chihuahua: [31, 33],
  Durango: [34, 35],
  Guanajuato: [36, 38],
  Guerrero: [39, 41],
  Hidalgo: [42, 43],
  Jalisco: [44, 49],
  "Estado de México": [50, 57],
  "Michoacán de Ocampo": [58, 61],
  Morelos: [62, 62],
  Nayarit: [63, 63],
  "Nuevo León": [64, 67],
  Oaxaca: [68, 71],
  Puebla: [72, 75],
  Querétaro: [76, 76],
  "Quintana Roo": [77, 77],
  "San Luis Potosí": [78, 79],
  Sinaloa: [80, 82],
  Sonora: [83, 85],
  Tabasco: [86, 86],
  Tamaulipas: [87, 89],
  Tlaxcala: [90, 90],
  "Veracruz de Ignacio de la Llave": [91, 96],
  Yucatán: [97, 97],
  Zacatecas: [98, 99],
};

/** Said when the postal code is in another state's range. */
export const CP_OTRO_ESTADO = "El código postal no corresponde al estado.";

/** True when a 5-digit postal code starts in the state's range ("44160" in Jalisco). */
export function codigoPostalDelEstado(codigoPostal: string, estado: EstadoMexico): boolean {
  if (!/^\d{5}$/.test(codigoPostal)) return false;
  const prefijo = Number(codigoPostal.slice(0, 2));
  const [desde, hasta] = CP_PREFIJOS[estado];
  return prefijo >= desde && prefijo <= hasta;
}

/** The state a postal code belongs to by its first two digits, or null (00, 17–19). */
export function estadoDelCodigoPostal(codigoPostal: string): EstadoMexico | null {
  return ESTADOS_MEXICO.find((estado) => codigoPostalDelEstado(codigoPostal, estado)) ?? null;
}
