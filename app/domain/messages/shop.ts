import type { AlertMessage } from "./alert";

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

// --- Favourites and the cart ask for a session --------------------------------------

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
