/**
 * The 'provider' of money the studio received itself (issue 28): a course granted for cash
 * or a bank transfer is a paid order like any other (in every figure, invoiceable with its
 * payment form), but no provider holds the money. Capturing and cancelling move nothing; a
 * refund is recorded in the ledger and the studio hands the money back itself (the client's
 * mail says so).
 */
import type { PaymentProvider } from "./provider.server";

export function createStudioProvider(): PaymentProvider {
  return {
    name: "estudio",
    minimumAmount: 0,
    methods: [],
    oxxoMaximum: 0,
    installmentPlans: () => [],
    async createPayment() {
      throw new Error("El estudio no crea pagos en línea: registra el dinero que recibió");
    },
    async retrieve() {
      return { status: "captured", amount: 0, currency: "mxn" };
    },
    async capture() {},
    async cancel() {},
    async refund({ reference }) {
      return { id: `estudio_reembolso_${reference}` };
    },
  };
}
