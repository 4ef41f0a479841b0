import { describe, expect, it } from "vitest";
import {
  PAGE_CSS_MARKER,
  classesIn,
  pageStylesheet,
  requiredClasses,
  siteStylesheet,
  withPageCss,
} from "./page-css.server";

describe("the classes a selector needs (ADR 027)", () => {
  it.each([
    [".flex", ["flex"]],
    [".md\\:flex", ["md:flex"]],
    [".w-1\\/2", ["w-1/2"]],
    [".\\[\\&_ul\\]\\:space-y-2 ul>:not(:last-child)", ["[&_ul]:space-y-2"]],
    [":where(.space-y-2>:not(:last-child))", ["space-y-2"]],
    [".group:hover .group-hover\\:underline", ["group", "group-hover:underline"]],
    [".btn:not(.is-off)", ["btn"]],
    [".card:is(.a,.b) p", ["card"]],
    [
      ".has-\\[input\\:focus-visible\\]\\:outline-2:has(:is(input:focus-visible))",
      ["has-[input:focus-visible]:outline-2"],
    ],
    [".\\31 0x", ["10x"]],
    [".bg-\\[\\#1fb857\\]:hover", ["bg-[#1fb857]"]],
    ["*", []],
    ["h1,h2", []],
    ["details[open]>summary", []],
  ])("%s needs %j", (selector, classes) => {
    expect(requiredClasses(selector)).toEqual(classes);
  });

  it("cannot tell for nested selectors (kept)", () => {
    expect(requiredClasses("&:hover")).toBeNull();
  });
});

describe("a page's subset of the stylesheet", () => {
  const sheet = pageStylesheet(
    [
      "@layer theme, base, utilities;",
      "@layer theme{:root{--color-clay:#b5651d;--spacing:.25rem}}",
      "@layer base{*,:before{box-sizing:border-box}h1{margin:0}}",
      "@layer utilities{.flex{display:flex}.hidden{display:none}.p-2{padding:calc(var(--spacing)*2)}",
      ".shadow{box-shadow:var(--tw-shadow)}",
      "@media (width>=851px){.md\\:grid{display:grid}.md\\:hidden{display:none}}",
      "@supports (color:color-mix(in lab,red,red)){.text-clay\\/50{color:color-mix(in oklab,var(--color-clay)50%,transparent)}}}",
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
      '@property --tw-ring{syntax:"*";inherits:false}',
      "@keyframes spin{to{rotate:360deg}}",
      "@font-face{font-family:Jost;src:url(/j.woff2)}",
    ].join(""),
  );

  it("keeps the rules the page's classes match, in order, inside their at-rules", () => {
    const css = sheet.subset(new Set(["flex", "md:grid"]));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain("@media (width>=851px){.md\\:grid{display:grid}}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain("md\\:hidden");
    // an at-rule left with nothing in it is left out
    expect(css).not.toContain("@supports");
    expect(css.indexOf(".flex")).toBeLessThan(css.indexOf(".md\\:grid"));
  });

  it("always keeps the layer order, the theme, the base rules, registrations, font faces and keyframes", () => {
    const css = sheet.subset(new Set());
    // a registered property's initial value is in every element's computed style
    expect(css).toContain("@property --tw-shadow");
    expect(css).toContain("@property --tw-ring");
    expect(css).toContain("@layer theme, base, utilities;");
    expect(css).toContain("--color-clay:#b5651d");
    expect(css).toContain("*,:before{box-sizing:border-box}");
    expect(css).toContain("h1{margin:0}");
    expect(css).toContain("@keyframes spin");
    expect(css).toContain("@font-face{font-family:Jost");
  });

  it("is the whole stylesheet when the page names every class", () => {
    const all = new Set(["flex", "hidden", "p-2", "shadow", "md:grid", "md:hidden", "text-clay/50"]);
    const css = sheet.subset(all);
    for (const rule of [".p-2{", ".md\\:hidden{", ".text-clay\\/50{", "@property --tw-shadow"])
      expect(css).toContain(rule);
  });
});

describe("the classes of a page's markup", () => {
  it("reads every class attribute, entities undone", () => {
    const html =
      '<div class="flex  p-2"><ul class="[&amp;_ul]:space-y-2 bg-[#1fb857]"></ul><svg class="lucide"></svg></div>';
    expect([...classesIn(html)].sort()).toEqual(["[&_ul]:space-y-2", "bg-[#1fb857]", "flex", "lucide", "p-2"]);
  });
});

async function through(chunks: string[], waitMs?: number, pauseAfter?: number): Promise<string> {
  const out: string[] = [];
  const transform = withPageCss(waitMs);
  transform.on("data", (d: Buffer) => out.push(d.toString()));
  const done = new Promise((resolve) => transform.on("end", resolve));
  for (const [i, chunk] of chunks.entries()) {
    transform.write(Buffer.from(chunk));
    if (i === pauseAfter) await new Promise((resolve) => setTimeout(resolve, (waitMs ?? 100) * 3));
  }
  transform.end();
  await done;
  return out.join("");
}

describe("the page's <style> filled as the page streams", () => {
  const page = `<html><head><style nonce="n">${PAGE_CSS_MARKER}</style></head><body><p class="sr-only">é ñ</p></body></html>`;

  it("holds a page until its end and fills the marker once, whatever the chunks", async () => {
    const whole = await through([page]);
    expect(whole).not.toContain(PAGE_CSS_MARKER);
    const bytes = Buffer.from(page);
    for (const cut of [1, 20, 37, 70, bytes.length - 3]) {
      // cut in the middle of a multi-byte character too
      const parts = [bytes.subarray(0, cut).toString("latin1"), bytes.subarray(cut).toString("latin1")];
      const out: string[] = [];
      const transform = withPageCss();
      transform.on("data", (d: Buffer) => out.push(d.toString()));
      const done = new Promise((resolve) => transform.on("end", resolve));
      for (const part of parts) transform.write(Buffer.from(part, "latin1"));
      transform.end();
      await done;
      expect(out.join("")).toBe(whole);
    }
  });

  it("sends a page still streaming after the wait with the whole stylesheet", async () => {
    const out = await through([page.slice(0, 60), page.slice(60)], 20, 0);
    expect(out).toBe(page.replace(PAGE_CSS_MARKER, siteStylesheet().full));
  });
});
