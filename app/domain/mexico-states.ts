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
