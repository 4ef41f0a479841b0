/**
 * CSV the contador opens in Excel (issue 29, ADR 035): UTF-8 with a BOM (Excel then reads the
 * accents right), comma-separated, CRLF lines, es-MX dates ('31/12/2026 18:05', the studio's
 * clock) and money ('$1,234.50'), written as a stream: rows are pulled from an async iterator
 * (a keyset query a batch at a time) only when the client reads, so memory stays flat however
 * many rows there are.
 */
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { formatPrice } from "~/domain/money";

export type CsvCell = string | number | Date | null | { centavos: number };

const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat("es-MX", {
  timeZone: STUDIO_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '31/12/2026 18:05' on the studio's clock (assembled from parts: stable across ICU versions). */
export function csvDate(date: Date): string {
  const parts = dateTime.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}

/** Money for a cell: `{ centavos }` (a plain number is a count). */
export const money = (centavos: number): { centavos: number } => ({ centavos });

function cellText(cell: CsvCell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return csvDate(cell);
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "object") return formatPrice(cell.centavos);
  // a text that Excel would run as a formula (=, +, -, @, tab, CR) is kept as text
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map((c) => quote(cellText(c))).join(",")}\r\n`;
}

/** Bytes handed to the client at a time (rows are gathered up to this much). */
const CHUNK = 64 * 1024;

/**
 * The whole file as a byte stream: the BOM and the header, then each row of `rows` as it is
 * pulled. Cancelling (the client went away) ends the iterator, which ends its query loop.
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let text = started ? "" : `\uFEFF${csvLine(header)}`;
        started = true;
        while (text.length < CHUNK) {
          const next = await iterator.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await iterator.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** The file's answer: a download that no cache keeps. */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
