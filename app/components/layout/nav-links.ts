/** The header's links (SPEC section 2, "Global chrome"), in order. */
export const NAV_LINKS = [
  { to: "/", label: "Inicio" },
  { to: "/servicios", label: "Servicios" },
  { to: "/nosotros", label: "Nosotros" },
  { to: "/cursos", label: "Cursos" },
  { to: "/galeria", label: "Galeria" },
  { to: "/categorias", label: "Productos" },
  { to: "/Contacto", label: "Contacto" },
] as const;
