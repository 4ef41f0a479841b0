import type { AlertMessage } from "./alert";

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
 * link to create one (app/server/account/migrated-accounts.server.ts); the overlay shows firstPasswordSent.
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

/**
 * The reset mail could not even be queued (the outbox's database write failed): the server
 * answers this code and the overlay shows resetFailed instead of resetSent.
 */
export const MAIL_NOT_QUEUED_CODE = "MAIL_NOT_QUEUED";

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

/** Before money goes back to a client (an order's refund, the refund queue): it cannot be undone. */
export const confirmRefund = {
  icon: "warning",
  title: "¿Reembolsar este pago?",
  text: "El dinero regresa a la clienta por el mismo medio con el que pagó y no se puede deshacer.",
  confirmText: "Reembolsar",
  cancelText: "Cancelar",
} as const satisfies AlertMessage;

/** Before an order is cancelled from admin. */
export const confirmCancelOrder = {
  icon: "warning",
  title: "¿Cancelar este pedido?",
  text: "El stock regresa a la tienda y se reembolsa lo pagado (o se anula la ficha). No se puede deshacer.",
  confirmText: "Cancelar pedido",
  cancelText: "Volver",
} as const satisfies AlertMessage;

export const comingSoon = {
  icon: "info",
  title: "Próximamente",
  text: "Este opción estará disponible dentro de poco. Sentimos la demora.",
} as const satisfies AlertMessage;

/** Issue 25: the e-mail verification's notices ('Confirma tu correo', /verificar-correo). */
export const emailVerification = {
  verified: "Tu correo quedó verificado. Ya puedes ver en tu cuenta las citas que agendaste con él.",
  pending:
    "Tu correo aún no está verificado. Abre el enlace que te enviamos al registrarte para ver en tu cuenta las citas que agendaste con este correo.",
  sent: (email: string) => `Te enviamos un nuevo enlace a ${email}. Revisa también la carpeta de spam.`,
  alreadyVerified: "Tu correo ya estaba verificado.",
  sendFailed: "No pudimos enviar el correo. Intenta de nuevo en unos minutos.",
  expired: "El enlace para verificar tu correo venció (dura 24 horas). Pide uno nuevo.",
  invalid: "El enlace para verificar tu correo no es válido. Pide uno nuevo.",
  loggedOut: "Inicia sesión para pedir un nuevo enlace desde tu perfil.",
} as const;

/** The Spanish words for what Better Auth's /verify-email sent back in `?error=` (TOKEN_EXPIRED, INVALID_TOKEN...). */
export function verificationLinkError(code: string): string {
  return code === "TOKEN_EXPIRED" ? emailVerification.expired : emailVerification.invalid;
}
