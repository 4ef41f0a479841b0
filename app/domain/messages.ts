/**
 * Every alert text the spec fixes (SPEC §5, §8), in one place so screens and server
 * actions show exactly the same Spanish. Spelling and accents are copied from the spec on
 * purpose, including its slips ('aliminar', 'sidio'): the copy is the studio's.
 * Texts the spec only describes (the reset mail hint, the purchase id line, the paused
 * notice) are written here once.
 */
import { formatSpanishDayMonth } from "./dates";
import { formatScore } from "./exam";
import { formatPrice } from "./money";

export type AlertIcon = "success" | "error" | "warning" | "info";

export type AlertMessage = {
  readonly icon: AlertIcon;
  readonly title: string;
  readonly text: string;
  /** Small print under the text. */
  readonly footer?: string;
  /** Button labels for a confirmation dialog. */
  readonly confirmText?: string;
  readonly cancelText?: string;
  /** The text split into separate paragraphs, when it has several. */
  readonly lines?: readonly string[];
};

// --- Session and account -------------------------------------------------------------

export const loginFailed = {
  icon: "error",
  title: "Credenciales incorrectas",
  text: "Correo o contraseña incorrecta",
} as const satisfies AlertMessage;

export const registerFailed = {
  icon: "error",
  title: "Credenciales incorrectas",
  text: "Error en las credenciales ingresadas",
} as const satisfies AlertMessage;

export const serverError = {
  icon: "error",
  title: "Error del servidor",
  text: "Favor de comunicarte con el administrador",
} as const satisfies AlertMessage;

/** The database cannot be reached for now (HTTP 503: pages, API calls); the spec has no text. */
export const serviceUnavailable = {
  icon: "error",
  title: "Servicio no disponible",
  text: "Estamos teniendo problemas técnicos. Intenta de nuevo en unos minutos.",
} as const satisfies AlertMessage;

export const welcomeNew = {
  icon: "success",
  title: "¡Bienvenido!",
  text: "Nos da gusto que seas parte de nosotros",
} as const satisfies AlertMessage;

export const welcomeBack = {
  icon: "success",
  title: "¡Bienvenido!",
  text: "Nos da gusto verte nuevamente",
} as const satisfies AlertMessage;

export const resetSent = {
  icon: "success",
  title: "Correo enviado",
  text: "Revisa tu bandeja de entrada o la carpeta de spam para restablecer tu contraseña.",
} as const satisfies AlertMessage;

/**
 * An account brought from the original site without a password (Google or Facebook only, or
 * no Authentication record) tried the email log-in: the server answers this code and mails a
 * link to create one (migrated-accounts.server.ts); the overlay shows firstPasswordSent.
 */
export const FIRST_PASSWORD_CODE = "PASSWORD_SETUP_REQUIRED";

export const firstPasswordSent = {
  icon: "info",
  title: "Crea tu contraseña",
  text: "Tu cuenta viene de nuestro sitio anterior y aún no tiene contraseña aquí. Te enviamos un correo con un enlace para crearla: revisa tu bandeja de entrada o la carpeta de spam.",
} as const satisfies AlertMessage;

export const resetUserNotFound = {
  icon: "error",
  title: "Error!",
  text: "No existe ningún usuario con ese correo.",
} as const satisfies AlertMessage;

export const resetInvalidEmail = {
  icon: "error",
  title: "Error!",
  text: "El formato de correo es inválido.",
} as const satisfies AlertMessage;

export const resetFailed = {
  icon: "error",
  title: "Error!",
  text: "Error al enviar el correo. Intenta más tarde.",
} as const satisfies AlertMessage;

export const logout = {
  icon: "success",
  title: "Sesión Cerrada",
  text: "Te esperamos pronto",
} as const satisfies AlertMessage;

/** Not in the spec: too many attempts from one address (HTTP 429 of every auth write). */
export const tooManyRequests = {
  icon: "warning",
  title: "Demasiados intentos",
  text: "Espera un minuto antes de volver a intentarlo.",
} as const satisfies AlertMessage;

/** Not in the spec: the new password from the reset mail's link was saved. */
export const passwordChanged = {
  icon: "success",
  title: "Contraseña actualizada",
  text: "Ya puedes iniciar sesión con tu nueva contraseña.",
} as const satisfies AlertMessage;

export const loginRequiredFavorites = {
  icon: "error",
  title: "¡Inicia sesion!",
  text: "para agregar a favoritos inicia sesion",
} as const satisfies AlertMessage;

export const loginRequiredPurchase = {
  icon: "error",
  title: "¡Inicia sesion!",
  text: "para continuar con la compra inicia sesion",
} as const satisfies AlertMessage;

export const termsRequired = {
  icon: "warning",
  title: "Términos y condiciones",
  text: "Para continuar con la compra debes aceptar los terminos y condiciones",
} as const satisfies AlertMessage;

// --- Files and admin helpers ---------------------------------------------------------

export const imageDownloadFailed = {
  icon: "error",
  title: "Error!",
  text: "No se logro descargar la imagen",
} as const satisfies AlertMessage;

export const fileDeleteFailed = {
  icon: "error",
  title: "Error!",
  text: "Error al aliminar archivo 1",
} as const satisfies AlertMessage;

export const confirmDelete = {
  icon: "warning",
  title: "¿Esta seguro de eliminar este campo?",
  text: "No se podra recuperar!",
  confirmText: "Continuar",
  cancelText: "Cancelar",
} as const satisfies AlertMessage;

export const comingSoon = {
  icon: "info",
  title: "Próximamente",
  text: "Este opción estará disponible dentro de poco. Sentimos la demora.",
} as const satisfies AlertMessage;

// --- Shop, visits and reviews --------------------------------------------------------

export const invalidQuantity = {
  icon: "error",
  title: "Error!",
  text: "Ingrese una cantidad valida",
} as const satisfies AlertMessage;

export const visitCodeMissing = {
  icon: "error",
  title: "Codigo Faltante",
  text: "Favor de insertar un codigo de visita",
} as const satisfies AlertMessage;

export const visitCodeUnknown = {
  icon: "error",
  title: "Codigo Inexistente",
  text: "El codigo ingresado no existe, favor de insertar otro",
} as const satisfies AlertMessage;

export const reviewEmpty = {
  icon: "error",
  title: "Error en comentario",
  text: "El comentario no puede estar vacio.",
} as const satisfies AlertMessage;

export const reviewLoginRequired = {
  icon: "warning",
  title: "Por favor Identificate",
  text: "Para agregar una reseña necesitas Iniciar Sesión.",
} as const satisfies AlertMessage;

export const cartEmpty = {
  icon: "info",
  title: "Carrito",
  text: "Carrito vacío.",
} as const satisfies AlertMessage;

export const noCourses = {
  icon: "info",
  title: "Mis cursos",
  text: "No tienes cursos registrados",
} as const satisfies AlertMessage;

// --- Discount codes ------------------------------------------------------------------

export const codeInvalidProduct = {
  icon: "error",
  title: "Error en el código",
  text: "El código ingresado no existe o no es valido para este producto",
  footer: "ingresa un código válido",
} as const satisfies AlertMessage;

export const codeInvalidCourse = {
  icon: "error",
  title: "Error en el código",
  text: "El código ingresado no existe o no es valido para este curso",
  footer: "ingresa un código válido",
} as const satisfies AlertMessage;

export const codeFound = {
  icon: "success",
  title: "Encontrado",
  text: "Código disponible",
} as const satisfies AlertMessage;

// --- Checkout and payment ------------------------------------------------------------

/** Checkout step 1 or 2 with a missing value; `label` is the field as the shopper knows it. */
export function checkoutFieldMissing(label: string) {
  return {
    icon: "error",
    title: "Faltan llenar datos!",
    text: `Llena el dato de ${label}`,
  } as const satisfies AlertMessage;
}

/** Checkout step 2 without a shipping option chosen. */
export const shippingRequired = checkoutFieldMissing("envío");

export function purchaseSuccess(id: string) {
  return {
    icon: "success",
    title: "Compra exitosa!",
    text: `Tu número de compra es: ${id}`,
  } as const satisfies AlertMessage;
}

export const paymentError = {
  icon: "error",
  title: "Error en el proceso de pago",
  text: "Intenta nuevamente.",
} as const satisfies AlertMessage;

/** A card refused by the payment provider; its own message is shown as is. */
export function cardError(providerMessage: string) {
  return {
    icon: "error",
    title: "Error!",
    text: `Error: ${providerMessage}`,
  } as const satisfies AlertMessage;
}

/** A card total under the provider's minimum (Stripe: $10.00 MXN); a $0 order needs no card. */
export function cardMinimum(centavos: number) {
  return {
    icon: "warning",
    title: "Monto mínimo",
    text: `El monto mínimo para pagar con tarjeta es de ${formatPrice(centavos, { suffix: true })}.`,
  } as const satisfies AlertMessage;
}

/** The card was only authorised and the stock ran out first: the hold was released. */
export function soldOutNotCharged(nombres: readonly string[]) {
  const what = nombres.length > 0 ? nombres.join(", ") : "un producto de tu pedido";
  return {
    icon: "warning",
    title: "Producto agotado",
    text:
      `${what} se agotó mientras pagabas, así que no se generó tu pedido. ` +
      "No se hizo ningún cargo a tu tarjeta: tu banco libera el monto apartado.",
  } as const satisfies AlertMessage;
}

/** A second payment of the same cart while the first is still being processed. */
export const paymentInProgress = {
  icon: "info",
  title: "Pago en proceso",
  text: "Ya estamos procesando el pago de este carrito. Revisa Mis compras en unos momentos antes de intentar de nuevo.",
} as const satisfies AlertMessage;

/**
 * Purchases switched off for a period (e.g. 23 de octubre to 18 de noviembre). The dates
 * are parameters so the notice can be reused for the next pause.
 */
export function purchasesPaused(from: Date, to: Date) {
  return {
    icon: "warning",
    title: "Aviso",
    text:
      `Las compras de todos los productos están deshabilitadas temporalmente del ` +
      `${formatSpanishDayMonth(from)} al ${formatSpanishDayMonth(to)}. ` +
      `Lamentamos las molestias.`,
  } as const satisfies AlertMessage;
}

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

/** The whole catalogue, for code that prefers `messages.loginFailed`. */
export const messages = {
  loginFailed,
  registerFailed,
  serverError,
  welcomeNew,
  welcomeBack,
  resetSent,
  firstPasswordSent,
  resetUserNotFound,
  resetInvalidEmail,
  resetFailed,
  logout,
  tooManyRequests,
  passwordChanged,
  loginRequiredFavorites,
  loginRequiredPurchase,
  termsRequired,
  imageDownloadFailed,
  fileDeleteFailed,
  confirmDelete,
  comingSoon,
  invalidQuantity,
  visitCodeMissing,
  visitCodeUnknown,
  reviewEmpty,
  reviewLoginRequired,
  cartEmpty,
  noCourses,
  codeInvalidProduct,
  codeInvalidCourse,
  codeFound,
  checkoutFieldMissing,
  shippingRequired,
  purchaseSuccess,
  paymentError,
  cardError,
  cardMinimum,
  soldOutNotCharged,
  paymentInProgress,
  purchasesPaused,
  examInsufficient,
} as const;
