import { describe, expect, it } from "vitest";
import { type AlertMessage, messages } from "./index";

describe("messages catalogue", () => {
  it.each([
    ["loginFailed", "Credenciales incorrectas", "Correo o contraseña incorrecta"],
    ["registerFailed", "Credenciales incorrectas", "Error en las credenciales ingresadas"],
    ["serverError", "Error del servidor", "Favor de comunicarte con el administrador"],
    ["welcomeNew", "¡Bienvenido!", "Nos da gusto que seas parte de nosotros"],
    ["welcomeBack", "¡Bienvenido!", "Nos da gusto verte nuevamente"],
    ["resetUserNotFound", "Error!", "No existe ningún usuario con ese correo."],
    ["resetInvalidEmail", "Error!", "El formato de correo es inválido."],
    ["resetFailed", "Error!", "Error al enviar el correo. Intenta más tarde."],
    ["logout", "Sesión Cerrada", "Te esperamos pronto"],
    // not in the spec: the accounts' own texts
    ["tooManyRequests", "Demasiados intentos", "Espera un minuto antes de volver a intentarlo."],
    ["passwordChanged", "Contraseña actualizada", "Ya puedes iniciar sesión con tu nueva contraseña."],
    ["imageDownloadFailed", "Error!", "No se logro descargar la imagen"],
    ["fileDeleteFailed", "Error!", "Error al aliminar archivo 1"],
    ["confirmDelete", "¿Esta seguro de eliminar este campo?", "No se podra recuperar!"],
    ["invalidQuantity", "Error!", "Ingrese una cantidad valida"],
    ["visitCodeMissing", "Codigo Faltante", "Favor de insertar un codigo de visita"],
    ["visitCodeUnknown", "Codigo Inexistente", "El codigo ingresado no existe, favor de insertar otro"],
    ["loginRequiredFavorites", "¡Inicia sesion!", "para agregar a favoritos inicia sesion"],
    ["loginRequiredPurchase", "¡Inicia sesion!", "para continuar con la compra inicia sesion"],
    ["reviewEmpty", "Error en comentario", "El comentario no puede estar vacio."],
    ["reviewLoginRequired", "Por favor Identificate", "Para agregar una reseña necesitas Iniciar Sesión."],
    ["codeInvalidProduct", "Error en el código", "El código ingresado no existe o no es valido para este producto"],
    ["codeInvalidCourse", "Error en el código", "El código ingresado no existe o no es valido para este curso"],
    ["codeFound", "Encontrado", "Código disponible"],
    ["comingSoon", "Próximamente", "Este opción estará disponible dentro de poco. Sentimos la demora."],
    ["paymentError", "Error en el proceso de pago", "Intenta nuevamente."],
  ] as const)("%s has the spec's exact title and text", (key, title, text) => {
    expect(messages[key]).toMatchObject({ title, text });
  });

  it("has the spec's texts for messages with only a body", () => {
    expect(messages.termsRequired.text).toBe("Para continuar con la compra debes aceptar los terminos y condiciones");
    expect(messages.cartEmpty.text).toBe("Carrito vacío.");
    expect(messages.noCourses.text).toBe("No tienes cursos registrados");
  });

  it("tells the user to look in the inbox or spam after a reset", () => {
    expect(messages.resetSent.title).toBe("Correo enviado");
    expect(messages.resetSent.text).toMatch(/bandeja de entrada/);
    expect(messages.resetSent.text).toMatch(/spam/);
  });

  it("labels the delete confirmation buttons", () => {
    expect(messages.confirmDelete).toMatchObject({
      icon: "warning",
      confirmText: "Continuar",
      cancelText: "Cancelar",
    });
  });

  it("adds the footer to invalid discount codes", () => {
    expect(messages.codeInvalidProduct.footer).toBe("ingresa un código válido");
    expect(messages.codeInvalidCourse.footer).toBe("ingresa un código válido");
  });

  it("marks failures as errors and good news as success", () => {
    expect(messages.loginFailed.icon).toBe("error");
    expect(messages.invalidQuantity.icon).toBe("error");
    expect(messages.welcomeNew.icon).toBe("success");
    expect(messages.codeFound.icon).toBe("success");
    expect(messages.comingSoon.icon).toBe("info");
  });

  it("gives every entry a known icon, a title and a text", () => {
    const samples: AlertMessage[] = Object.values(messages).map((entry) =>
      typeof entry === "function"
        ? (entry as (...args: unknown[]) => AlertMessage)(
            ...(entry === messages.purchasesPaused
              ? [new Date("2025-10-23T18:00:00Z"), new Date("2025-11-18T18:00:00Z")]
              : entry === messages.examInsufficient
                ? [50]
                : entry === messages.cardMinimum
                  ? [1_000]
                  : entry === messages.soldOutNotCharged
                    ? [["Labial"]]
                    : ["x"]),
          )
        : entry,
    );
    expect(samples).toHaveLength(40);
    for (const m of samples) {
      expect(["success", "error", "warning", "info"]).toContain(m.icon);
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.text.length).toBeGreaterThan(0);
    }
  });
});

describe("messages with parameters", () => {
  it("checkoutFieldMissing names the field", () => {
    expect(messages.checkoutFieldMissing("codigo postal")).toEqual({
      icon: "error",
      title: "Faltan llenar datos!",
      text: "Llena el dato de codigo postal",
    });
    expect(messages.shippingRequired).toEqual({
      icon: "error",
      title: "Faltan llenar datos!",
      text: "Llena el dato de envío",
    });
  });

  it("purchaseSuccess includes the purchase id", () => {
    const m = messages.purchaseSuccess("pi_123ABC");
    expect(m.title).toBe("Compra exitosa!");
    expect(m.icon).toBe("success");
    expect(m.text).toContain("pi_123ABC");
  });

  it("cardError shows the provider's message after 'Error: '", () => {
    expect(messages.cardError("Tu tarjeta fue rechazada.")).toMatchObject({
      icon: "error",
      text: "Error: Tu tarjeta fue rechazada.",
    });
  });

  it("examInsufficient gives the three lines with the score to 2 decimals", () => {
    const m = messages.examInsufficient(83.33);
    expect(m.lines).toEqual([
      "Lo sentimos, tu calificación ha sidio de 83.33.",
      "Para obtener tu diploma es necesario obtener una calificacion perfecta.",
      "Intentalo nuevamente.",
    ]);
    expect(m.text).toBe(m.lines.join(" "));
    expect(messages.examInsufficient(50).lines[0]).toBe("Lo sentimos, tu calificación ha sidio de 50.00.");
  });

  it("purchasesPaused writes the dates in Spanish", () => {
    const m = messages.purchasesPaused(new Date("2025-10-23T18:00:00Z"), new Date("2025-11-18T18:00:00Z"));
    expect(m.icon).toBe("warning");
    expect(m.title).toBe("Aviso");
    expect(m.text).toContain("del 23 de octubre al 18 de noviembre");
    expect(m.text).toMatch(/deshabilitadas temporalmente/);
    expect(m.text).toMatch(/Lamentamos las molestias/);
  });
});
