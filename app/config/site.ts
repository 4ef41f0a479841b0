/**
 * Every fact about the studio that pages print: one place, typed, so that a change of
 * address or phone is one edit.
 */

/** Opening hours in 24-hour time; `dayOfWeek` names the days for search engines (schema.org). */
const HOURS = [
  {
    days: "Lunes a Viernes",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "19:00",
  },
  { days: "Sábado", dayOfWeek: ["Saturday"], opens: "09:00", closes: "18:00" },
] as const;

/** '19:00' → '7:00 pm', the way the studio writes its hours. */
function clockTime(time24: string): string {
  const [hours, minutes] = time24.split(":").map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

export const site = {
  name: "Michel Alvarez",
  legalName: "Michel Alvarez Studio",
  tagline: "Micropigmentación y maquillaje profesional en Guadalajara",
  /** The public address. Browser bundles have no `process`; server code should prefer env.publicUrl. */
  url: (typeof process !== "undefined" && process.env?.PUBLIC_URL) || "http://localhost:3000",
  email: "contacto@michelalvarez.mx",
  privacyEmail: "privacidad@michelalvarez.mx",
  phone: "33 3616 7425",
  phoneHref: "tel:+523336167425",
  /** WhatsApp number in international format without the plus sign, as wa.me expects. */
  whatsapp: "5213336167425",
  whatsappMessage: "¡Hola Michel! Me gustaría información para agendar una cita.",
  address: {
    street: "Av. Chapultepec Sur 480, Int. 3",
    colonia: "Col. Americana",
    city: "Guadalajara",
    state: "Jalisco",
    postalCode: "44160",
    country: "México",
  },
  map: { lat: 20.6697, lng: -103.3686, zoom: 16 },
  /** `open`/`close` are what pages print ('9:00 am'), from `opens`/`closes`. */
  hours: HOURS.map((h) => ({ ...h, open: clockTime(h.opens), close: clockTime(h.closes) })),
  social: {
    instagram: "https://www.instagram.com/michelalvarezmx",
    facebook: "https://www.facebook.com/michelalvarezmx",
    tiktok: "https://www.tiktok.com/@michelalvarezmx",
  },
  claims: {
    brows: "más de 7,500 cejas",
    students: "más de 200 alumnas",
  },
} as const;

export function whatsappLink(message: string = site.whatsappMessage): string {
  return `https://wa.me/${site.whatsapp}?text=${encodeURIComponent(message)}`;
}

export function fullAddress(): string {
  const a = site.address;
  return `${a.street}, ${a.colonia}, C.P. ${a.postalCode}, ${a.city}, ${a.state}, ${a.country}`;
}

export function mapEmbedUrl(): string {
  const { lat, lng } = site.map;
  const d = 0.006;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${lng - d}%2C${lat - d}%2C${lng + d}%2C${lat + d}&layer=mapnik&marker=${lat}%2C${lng}`;
}

/** A link that opens the studio in the phone's map app (Google Maps, or the browser). */
export function mapLink(): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress())}`;
}
