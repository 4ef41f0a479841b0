import { describe, expect, it } from "vitest";
import { urlRastreo } from "./tracking";

describe("urlRastreo", () => {
  it("links a known carrier's tracking page, spaces taken out of the number", () => {
    expect(urlRastreo("Estafeta", "8055 1234 5678")).toContain("wayBill=805512345678");
    expect(urlRastreo("dhl express", "JD0145")).toBe("https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=JD0145");
    expect(urlRastreo("FedEx", "7712")).toBe("https://www.fedex.com/fedextrack/?trknbr=7712");
    expect(urlRastreo("Paquete Express", "PX1")).toContain("paquetexpress.com.mx");
  });

  it("gives nothing for an unknown carrier, an empty or odd number", () => {
    expect(urlRastreo("Mensajería local", "123")).toBeNull();
    expect(urlRastreo("Estafeta", "")).toBeNull();
    expect(urlRastreo("Estafeta", "12<script>")).toBeNull();
  });
});
