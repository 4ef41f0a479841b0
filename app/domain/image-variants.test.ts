import { describe, expect, it } from "vitest";
import { sizedName, srcSetOf, variantBase } from "./image-variants";

describe("the names of a stored image's sizes", () => {
  it("split an upload's name into base, hash, size and extension", () => {
    expect(sizedName("/media/productos/labial-rosa-3kf9a2c1-chica.jpg")).toBeUndefined(); // 'k' is not hex
    expect(sizedName("/media/productos/labial-rosa-3af9a2c1-chica.jpg")).toEqual({
      base: "/media/productos/labial-rosa-3af9a2c1",
      hash: "3af9a2c1",
      size: "chica",
      ext: "jpg",
    });
  });

  it("tell an import's 16-digit hash from an upload's 8", () => {
    expect(sizedName("importado/productos/labial-0123456789abcdef-grande.png")?.hash).toHaveLength(16);
  });

  it("are not read into anything else", () => {
    for (const other of [
      "https://example.com/foto-grande.jpg",
      "/media/a-3af9a2c1.jpg",
      "/media/a-3af9a2c1-enorme.jpg",
      null,
      "",
    ]) {
      expect(sizedName(other)).toBeUndefined();
      expect(srcSetOf(other)).toBeUndefined();
    }
  });

  it("offer WebP sizes in a srcset, never for a GIF", () => {
    expect(srcSetOf("/media/a-3af9a2c1-mediana.jpg")).toBe(
      "/media/a-3af9a2c1-chica.webp 400w, /media/a-3af9a2c1-mediana.webp 800w, /media/a-3af9a2c1-grande.webp 1600w",
    );
    expect(variantBase("/media/a-3af9a2c1-mediana.gif")).toBeUndefined();
  });
});
