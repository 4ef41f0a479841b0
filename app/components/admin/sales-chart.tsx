/**
 * Net sales per day (or month) and channel as stacked bars, drawn by the server as inline SVG
 * (ADR 035: no chart library, no script): the picture is decorative for a screen reader, which
 * reads its summary and the table of the same figures under it.
 */
import { formatPrice } from "~/domain/money";

export type ChartBucket = {
  key: string;
  label: string;
  productos: number;
  cursos: number;
  anticipos: number;
  neto: number;
};
type Canal = "productos" | "cursos" | "anticipos";

export const CHANNELS: { canal: Canal; label: string; color: string }[] = [
  { canal: "productos", label: "Productos", color: "var(--color-cocoa)" },
  { canal: "cursos", label: "Cursos en línea", color: "var(--color-clay)" },
  { canal: "anticipos", label: "Anticipos de citas", color: "var(--color-blush)" },
];

const HEIGHT = 160;
const BAR = 14;
const GAP = 6;

export function SalesChart({ buckets, summary }: { buckets: ChartBucket[]; summary: string }) {
  const up = buckets.map((b) => CHANNELS.reduce((s, c) => s + Math.max(0, b[c.canal]), 0));
  const down = buckets.map((b) => CHANNELS.reduce((s, c) => s + Math.min(0, b[c.canal]), 0));
  const top = Math.max(1, ...up);
  const bottom = Math.min(0, ...down);
  const scale = HEIGHT / (top - bottom);
  const zero = top * scale;
  const width = buckets.length * (BAR + GAP) + GAP;
  const step = Math.max(1, Math.ceil(buckets.length / 8));
  return (
    <figure className="space-y-3">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must reach a region that scrolls (axe scrollable-region-focusable) */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Gráfica de ventas">
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${HEIGHT + 22}`}
          width={Math.max(width, 280)}
          height={HEIGHT + 22}
          preserveAspectRatio="none"
          className="block max-w-none"
          data-testid="sales-chart"
        >
          <line x1={0} x2={width} y1={zero} y2={zero} stroke="var(--color-sand)" strokeWidth={1} />
          {buckets.map((b, i) => {
            const x = GAP + i * (BAR + GAP);
            let yUp = zero;
            let yDown = zero;
            return (
              <g key={b.key}>
                <title>{`${b.label}: ${formatPrice(b.neto)}`}</title>
                {CHANNELS.map(({ canal, color }) => {
                  const value = b[canal];
                  if (value === 0) return null;
                  const h = Math.max(1, Math.abs(value) * scale);
                  if (value > 0) {
                    yUp -= h;
                    return <rect key={canal} x={x} y={yUp} width={BAR} height={h} fill={color} rx={2} />;
                  }
                  const y = yDown;
                  yDown += h;
                  return <rect key={canal} x={x} y={y} width={BAR} height={h} fill={color} opacity={0.5} rx={2} />;
                })}
                {i % step === 0 && (
                  <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" fontSize={10} fill="var(--color-muted)">
                    {b.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {CHANNELS.map(({ canal, label, color }) => (
          <span key={canal} className="inline-flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm" style={{ background: color }} aria-hidden />
            {label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
