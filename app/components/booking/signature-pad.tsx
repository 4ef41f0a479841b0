/**
 * The finger-drawn signature (issue 30), loaded only when the booking form shows the consent
 * (consent-signature.tsx lazy-loads it after hydration): a canvas with pointer events whose
 * strokes go to the hidden `trazo` field as the compact path of domain/consent.ts. The server
 * checks the path again (size, format, inside the box); without JavaScript the typed name signs.
 */
import { useEffect, useRef, useState } from "react";
import { SIGNATURE_BOX, SIGNATURE_PATH_MAX, strokesToPath } from "~/domain/consent";

type Point = { x: number; y: number };

/** Points closer than this (canvas units) to the last one are dropped: a compact path. */
const MIN_STEP = 3;

export default function SignaturePad({ error }: { error?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);
  const [path, setPath] = useState("");
  const tooBig = path.length > SIGNATURE_PATH_MAX;

  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#2b211d";
  }, []);

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * SIGNATURE_BOX.width,
      y: ((event.clientY - box.top) / box.height) * SIGNATURE_BOX.height,
    };
  };

  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const p = pointOf(event);
    strokes.current.push([p]);
    const ctx = event.currentTarget.getContext("2d");
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
  };

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const stroke = strokes.current[strokes.current.length - 1];
    const p = pointOf(event);
    const last = stroke[stroke.length - 1];
    if (Math.hypot(p.x - last.x, p.y - last.y) < MIN_STEP) return;
    stroke.push(p);
    const ctx = event.currentTarget.getContext("2d");
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };

  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setPath(strokesToPath(strokes.current));
  };

  const clear = () => {
    strokes.current = [];
    setPath("");
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
  };

  return (
    <div data-testid="signature-pad">
      <p id="trazo-label" className="block text-sm font-medium">
        Dibuja tu firma con el dedo (opcional)
      </p>
      <canvas
        ref={canvas}
        width={SIGNATURE_BOX.width}
        height={SIGNATURE_BOX.height}
        aria-labelledby="trazo-label"
        className="mt-1 aspect-[3/1] w-full touch-none rounded-2xl border border-sand bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <input type="hidden" name="trazo" value={tooBig ? "" : path} />
      <div className="mt-1 flex items-center justify-between gap-4 text-sm">
        <span className={tooBig || error ? "text-red-700" : "text-muted"} role={tooBig || error ? "alert" : undefined}>
          {tooBig
            ? "Tu firma quedó demasiado larga: bórrala y fírmala más sencilla."
            : (error ?? (path ? "Firma dibujada." : "También firmas con tu nombre escrito arriba."))}
        </span>
        <button type="button" className="text-clay-dark underline" onClick={clear}>
          Borrar
        </button>
      </div>
    </div>
  );
}
