/**
 * The 'provider' of an order whose total is $0 (a 100 % code, a free course): no card, no
 * call to anyone. It answers like a card that was authorised at once, so a free order goes
 * through the same workflow (stock, order, enrolment, cart, mail) and is written once; its
 * capture and cancel move no money. SPEC issue 12 item 10.
 */
import { randomBytes } from "node:crypto";
import type { PaymentProvider } from "./provider.server";

export function createFreeProvider(): PaymentProvider {
  return {
    name: "gratis",
    minimumAmount: 0,
    methods: [],
    oxxoMaximum: 0,
    installmentPlans: () => [],
    async createPayment(input) {
      if (input.amount !== 0) throw new Error(`Un pedido gratis no puede cobrar ${input.amount} centavos`);
      return { id: `gratis_${randomBytes(12).toString("base64url")}`, clientSecret: "" };
    },
    async retrieve() {
      return { status: "authorized", amount: 0, currency: "mxn" };
    },
    async capture() {},
    async cancel() {},
    async refund() {
      throw new Error("Un pedido gratis no tiene nada que reembolsar");
    },
  };
}
