/**
 * The stylesheet a page carries (issue 13, ADR 027). The site's stylesheet (Tailwind's output,
 * about 87 KB) was inlined whole in every page (ADR 019): a phone parsed and matched all of it
 * before its first paint, and every uncached page wrote and compressed it again. Now a page
 * carries only the rules its own markup can use, and the whole stylesheet is a file the
 * browser fetches after the first paint and applies the moment the page shows something its
 * rules may not cover (hydrate-after-paint.server.ts).
 *
 * - `pageCss(html)`: the rules of the stylesheet that the classes in `html` can match, in the
 *   stylesheet's order. A rule is kept when one of its selectors names only classes that occur
 *   in the page (classes under `:not()`, or in a selector list inside `:is()`/`:where()`/
 *   `:has()`, are not required; a selector with nesting is always kept); at-rules keep what
 *   they hold; everything else (the theme's variables, `@property` registrations, `@font-face`,
 *   `@keyframes`, layer order) always.
 *   A superset of what the page's markup matches, never less: structure (`>`, `:hover`,
 *   `[open]`...) is left to the browser.
 * - `FULL_CSS_PATH` and `serveFullCss`: the same stylesheet, whole, as a file named by its
 *   content's hash (a year in caches), compressed once.
 *
 * The stylesheet is parsed once per process (postcss) into a tree of pieces; a page's subset
 * is then set look-ups and a join (about 0.1 ms).
 */
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import postcss, { type AtRule, type ChildNode, type Container } from "postcss";
import css from "~/app.css?inline";
import { preferredEncoding } from "./page-cache.server";

type Leaf = {
  kind: "leaf";
  text: string;
  /** alternatives: the rule applies when every class of one of them is in the page; null: always */
  needs: string[][] | null;
};
type Group = { kind: "group"; open: string; children: Piece[] };
type Piece = Leaf | Group;

/** The CSS escapes of a class name undone (`.md\:flex` is the class `md:flex`). */
function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_m, escaped: string) =>
    /^[0-9a-fA-F]{1,6}\s?$/.test(escaped) ? String.fromCodePoint(Number.parseInt(escaped, 16)) : escaped,
  );
}

/** Cuts out the parenthesised arguments of `:not()`, and of `:is()`/`:where()`/`:has()` when they list alternatives. */
function withoutOptionalParts(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    const rest = selector.slice(i);
    const fn = /^:(not|is|where|has|matches|-webkit-any)\(/.exec(rest);
    if (!fn) {
      // an escaped character is part of a name, whatever it is
      if (selector[i] === "\\" && i + 1 < selector.length) {
        out += selector[i] + selector[i + 1];
        i++;
      } else out += selector[i];
      continue;
    }
    let depth = 0;
    let end = i + fn[0].length - 1;
    let listsAlternatives = false;
    for (; end < selector.length; end++) {
      const c = selector[end];
      if (c === "\\") {
        end++;
        continue;
      }
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) break;
      else if (c === "," && depth === 1) listsAlternatives = true;
    }
    const inner = selector.slice(i + fn[0].length, end);
    out += fn[1] === "not" || listsAlternatives ? ":x" : `${fn[0]}${withoutOptionalParts(inner)})`;
    i = end;
  }
  return out;
}

/** The classes a selector needs in the page, or null when it cannot be told (nesting). */
export function requiredClasses(selector: string): string[] | null {
  if (selector.replace(/\\./g, "").includes("&")) return null;
  const names: string[] = [];
  for (const m of withoutOptionalParts(selector).matchAll(
    /\.((?:\\(?:[0-9a-fA-F]{1,6}\s?|.)|[\w-]|[\u0080-\uffff])+)/g,
  ))
    names.push(unescapeCss(m[1]));
  return names;
}

function piecesOf(container: Container<ChildNode>): Piece[] {
  const pieces: Piece[] = [];
  container.each((node) => {
    if (node.type === "comment") return;
    if (node.type === "rule") {
      const needs: string[][] = [];
      let always = false;
      for (const selector of node.selectors) {
        const classes = requiredClasses(selector);
        if (classes === null || classes.length === 0) always = true;
        else needs.push(classes);
      }
      const text = node.toString();
      pieces.push({ kind: "leaf", text, needs: always ? null : needs });
      return;
    }
    if (node.type === "atrule") {
      const at = node as AtRule;
      const keepWhole =
        !at.nodes ||
        /^(-webkit-)?(keyframes|font-face|property|page|counter-style|font-feature-values)$/i.test(at.name);
      if (keepWhole) {
        const text = at.toString();
        pieces.push({ kind: "leaf", text: at.nodes ? text : `${text.replace(/;?$/, "")};`, needs: null });
        return;
      }
      // `@layer theme` holds the theme's variables: pages and inline styles read them, keep it.
      if (at.name === "layer" && at.params.trim() === "theme") {
        pieces.push({ kind: "leaf", text: at.toString(), needs: null });
        return;
      }
      pieces.push({
        kind: "group",
        open: `@${at.name}${at.raws.afterName ?? " "}${at.params}{`,
        children: piecesOf(at),
      });
    }
    // declarations at the top level do not occur in a stylesheet
  });
  return pieces;
}

export type PageStylesheet = {
  /** the whole stylesheet */
  full: string;
  /** the rules `classes` can match, in order */
  subset(classes: ReadonlySet<string>): string;
};

/** Parses a stylesheet once into what `subset` needs. */
export function pageStylesheet(full: string): PageStylesheet {
  const pieces = piecesOf(postcss.parse(full));
  return {
    full,
    subset(classes) {
      const parts: string[] = [];
      const emit = (list: Piece[]): boolean => {
        let any = false;
        for (const piece of list) {
          if (piece.kind === "group") {
            const at = parts.length;
            parts.push(piece.open);
            if (emit(piece.children)) {
              parts.push("}");
              any = true;
            } else parts.length = at;
            continue;
          }
          if (piece.needs && !piece.needs.some((names) => names.every((n) => classes.has(n)))) continue;
          parts.push(piece.text);
          any = true;
        }
        return any;
      };
      emit(pieces);
      return parts.join("");
    },
  };
}

const ENTITY: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };

/** Every class named in the page's markup (`class="..."`, entities undone). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = m[1].includes("&")
      ? m[1].replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_e, name: string) => ENTITY[name])
      : m[1];
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

let site: PageStylesheet | undefined;
/** The site's stylesheet (app/app.css as built), parsed on first use. */
export function siteStylesheet(): PageStylesheet {
  site ??= pageStylesheet(css);
  return site;
}

/** The rules of the site's stylesheet that this page's markup can use. */
export function pageCss(html: string): string {
  return siteStylesheet().subset(classesIn(html));
}

const hash = createHash("sha256").update(css).digest("base64url").slice(0, 12);
/** The whole stylesheet as a file, named by its content (it never changes under one name). */
export const FULL_CSS_PATH = `/estilos/sitio-${hash}.css`;

let compressed: { br: Buffer; gzip: Buffer; plain: Buffer } | undefined;
/** Serves FULL_CSS_PATH: compressed once, cached for a year. */
export const serveFullCss: RequestHandler = (req, res) => {
  compressed ??= {
    plain: Buffer.from(css),
    gzip: gzipSync(css, { level: 9 }),
    br: brotliCompressSync(css, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  res.set({
    "Content-Type": "text/css; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept-Encoding",
  });
  if (encoding) res.set("Content-Encoding", encoding);
  res.send(encoding ? compressed[encoding] : compressed.plain);
};

/** What InlineStyle (components/layout/inline-style.tsx) writes in the page's <style>, for `withPageCss` to fill. */
export const PAGE_CSS_MARKER = "/*page-css*/";

/**
 * The page's HTML stream with its <style> filled with the page's own rules. A page is held
 * until it ends (all of a page is written within a few milliseconds: no loader defers data);
 * one still streaming after `waitMs` goes out with the whole stylesheet instead, so that
 * markup written later is styled too.
 */
export function withPageCss(waitMs = 100): Transform {
  const decoder = new StringDecoder("utf8");
  let held: string[] | null = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fill = (html: string, css: string) => html.replace(PAGE_CSS_MARKER, () => css);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (held === null) return callback(null, text);
      held.push(text);
      timer ??= setTimeout(() => {
        if (held === null) return;
        this.push(fill(held.join(""), siteStylesheet().full));
        held = null;
      }, waitMs);
      callback();
    },
    flush(callback) {
      clearTimeout(timer);
      const rest = decoder.end();
      if (held === null) return callback(null, rest);
      const html = held.join("") + rest;
      held = null;
      callback(null, fill(html, pageCss(html)));
    },
  });
}
