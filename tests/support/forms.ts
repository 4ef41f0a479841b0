/** The client's forms as a test fills them in the browser (the same person every time). */
import type { Page } from "playwright-core";

/** Step 1 of /pagar ('checkout-information'): Ana López in Guadalajara. */
export async function fillCheckoutInformation(page: Page, correo: string): Promise<void> {
  const form = page.getByTestId("checkout-information");
  await form.getByLabel("Correo").fill(correo);
  await form.getByLabel("Teléfono").fill("33-3333-3333");
  await form.getByLabel("Nombre", { exact: true }).fill("Ana");
  await form.getByLabel("Apellido").fill("López");
  await form.getByLabel("Dirección (calle, número, interior)").fill("Av. Chapultepec 123, int. 4");
  await form.getByLabel("Colonia").fill("Americana");
  await form.getByLabel("Código postal").fill("44160");
  await form.getByLabel("Ciudad").fill("Guadalajara");
  await form.getByLabel("Estado").selectOption("Jalisco");
  await form.getByLabel("País").fill("México");
}

/** The booking form of /agendar/{tratamiento}: her details, "No" to every health question, signed and accepted. */
export async function fillBookingForm(page: Page, correo: string): Promise<void> {
  const form = page.getByTestId("booking-form");
  await form.getByLabel("Nombre completo", { exact: true }).fill("Ana López");
  await form.getByLabel("WhatsApp", { exact: true }).fill("33 1234 5678");
  await form.getByLabel("Correo", { exact: true }).fill(correo);
  const consent = page.getByTestId("consent-form");
  for (const group of await consent.getByRole("radiogroup").all()) {
    await group.getByLabel("No").check();
  }
  await consent.getByLabel("Firma: escribe tu nombre completo").fill("Ana López");
  await consent.getByLabel("He leído y acepto el consentimiento informado.").check();
  await form.getByLabel(/Acepto la política de cambios/).check();
}
