import { Clock, Gem, HeartHandshake, ShieldCheck, Smile, Sofa, Sparkles } from "lucide-react";

/** The studio's seven values (SPEC §2, /nosotros), in the spec's order. */
export const STUDIO_VALUES = [
  {
    nombre: "Honestidad",
    icon: ShieldCheck,
    texto: "Te decimos qué técnica te conviene y cuál no, aunque eso signifique no hacer el servicio.",
  },
  {
    nombre: "Puntualidad",
    icon: Clock,
    texto: "Tu tiempo vale: te atendemos a la hora de tu cita y respetamos la duración acordada.",
  },
  {
    nombre: "Comodidad",
    icon: Sofa,
    texto: "Un espacio tranquilo, cama ergonómica y anestesia tópica para que disfrutes el proceso.",
  },
  {
    nombre: "Confianza",
    icon: HeartHandshake,
    texto: "Diseñamos contigo, paso a paso, y no avanzamos hasta que el diseño te encante.",
  },
  {
    nombre: "Limpieza",
    icon: Sparkles,
    texto: "Material desechable y esterilizado para cada clienta, bajo protocolos de bioseguridad.",
  },
  {
    nombre: "Presentación",
    icon: Gem,
    texto: "Cuidamos cada detalle, desde la recepción hasta el resultado que te llevas a casa.",
  },
  {
    nombre: "Amabilidad",
    icon: Smile,
    texto: "Te escuchamos y resolvemos tus dudas antes, durante y después de tu cita.",
  },
] as const;
