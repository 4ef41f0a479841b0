/**
 * The five in-person courses that have a page (/cursos-presenciales/{id}), each with its
 * fixed marketing text (SPEC §2). Any other id is a 404. The catalogue row, when present,
 * only lends its image and title.
 */
export type InPersonCourseContent = {
  id: string;
  titulo: string;
  /** one line under the title */
  lema: string;
  intro: string;
  /** key facts shown as tiles */
  duracion: string;
  asesoria: string;
  kit: string;
  practicas: string;
  certificado: string;
  /** what the student learns, in order */
  temario: string[];
  /** what the fee includes */
  incluye: string[];
  /** who the course is for */
  perfil: string;
};

export const IN_PERSON_COURSE_IDS = [
  "microblading-presencial",
  "labios-presencial",
  "estrias-presencial",
  "ombre-presencial",
  "maquillaje-presencial",
] as const;

export type InPersonCourseId = (typeof IN_PERSON_COURSE_IDS)[number];

const CERTIFICADO = "Diploma con valor curricular firmado por Michel Alvarez";

export const IN_PERSON_COURSES: Record<InPersonCourseId, InPersonCourseContent> = {
  "microblading-presencial": {
    id: "microblading-presencial",
    titulo: "Curso presencial de Microblading",
    lema: "Domina el trazo pelo a pelo que ha creado más de 7,500 cejas",
    intro:
      "Aprende en el estudio, a lado de Michel, la técnica de microblading con la que diseñamos cejas naturales, simétricas y a la medida de cada rostro. Grupos reducidos para que cada trazo tenga corrección personal.",
    duracion: "3 días intensivos (24 horas)",
    asesoria: "21 meses de asesoría personalizada",
    kit: "Kit profesional para 20 tratamientos",
    practicas: "3 prácticas con modelo real",
    certificado: CERTIFICADO,
    temario: [
      "Anatomía de la piel y colorimetría aplicada",
      "Visagismo y diseño de cejas con medidas áureas",
      "Trazo pelo a pelo sobre látex hasta dominar presión y ángulo",
      "Bioseguridad, consentimiento informado y cuidados posteriores",
      "Retoque, corrección de color y casos especiales",
      "Fotografía de resultados y cómo fijar tus precios",
    ],
    incluye: [
      "Manual impreso y digital",
      "Kit para 20 tratamientos: pigmentos, plumas, navajas y material desechable",
      "3 prácticas supervisadas con modelo real en el estudio",
      "Coffee break los tres días",
      "Grupo privado de seguimiento con Michel",
    ],
    perfil: "Para quien empieza desde cero o ya trabaja en belleza y quiere sumar la técnica más solicitada.",
  },
  "ombre-presencial": {
    id: "ombre-presencial",
    titulo: "Curso presencial de Cejas Ombré",
    lema: "Efecto polvo degradado, suave al inicio e intenso al final",
    intro:
      "Domina el sombreado ombré con dermógrafo: la técnica ideal para pieles grasas y para quien busca una ceja con efecto maquillado que dura más. Teoría a fondo y mucha práctica con acompañamiento.",
    duracion: "2 días intensivos (16 horas)",
    asesoria: "12 meses de asesoría personalizada",
    kit: "Kit profesional para 20 tratamientos",
    practicas: "3 prácticas con modelo real",
    certificado: CERTIFICADO,
    temario: [
      "Tipos de piel y elección de técnica",
      "Manejo del dermógrafo: agujas, velocidad y profundidad",
      "Construcción del degradado en capas",
      "Diseño a medida y simetría",
      "Cuidados posteriores y sesión de retoque",
    ],
    incluye: [
      "Manual digital",
      "Kit para 20 tratamientos con pigmentos y cartuchos",
      "3 prácticas supervisadas con modelo real",
      "Seguimiento de tus primeros trabajos",
    ],
    perfil: "Para micropigmentadoras que quieren ofrecer una técnica de sombreado impecable.",
  },
  "labios-presencial": {
    id: "labios-presencial",
    titulo: "Curso presencial de Micropigmentación de Labios",
    lema: "Color, contorno y volumen con un acabado natural",
    intro:
      "Aprende a devolver color y definición a los labios con técnicas de acuarela y delineado difuminado. Te enseñamos a elegir el tono correcto para cada piel y a trabajar de forma segura.",
    duracion: "2 días intensivos (16 horas)",
    asesoria: "12 meses de asesoría personalizada",
    kit: "Kit profesional para 20 tratamientos",
    practicas: "3 prácticas con modelo real",
    certificado: CERTIFICADO,
    temario: [
      "Anatomía del labio y contraindicaciones",
      "Colorimetría: neutralización de labios oscuros",
      "Técnica acuarela y delineado difuminado",
      "Manejo del dolor y protocolo de anestesia tópica",
      "Cicatrización, cuidados y retoque",
    ],
    incluye: [
      "Manual digital",
      "Kit para 20 tratamientos con pigmentos para labios",
      "3 prácticas supervisadas con modelo real",
      "Asesoría para tus primeros casos",
    ],
    perfil: "Para profesionales de la micropigmentación que quieren ampliar sus servicios.",
  },
  "estrias-presencial": {
    id: "estrias-presencial",
    titulo: "Curso presencial de Camuflaje de Estrías",
    lema: "Devuelve la confianza con una técnica segura y de resultados visibles",
    intro:
      "Aprende a camuflar estrías blancas con pigmentos del tono de la piel. Un servicio muy solicitado que requiere criterio clínico, paciencia y una igualación de color precisa: aquí la practicas paso a paso.",
    duracion: "2 días intensivos (16 horas)",
    asesoria: "6 meses de asesoría personalizada",
    kit: "Kit profesional para 20 tratamientos",
    practicas: "3 prácticas con modelo real",
    certificado: CERTIFICADO,
    temario: [
      "Tipos de estrías y cuáles son candidatas",
      "Igualación de color a la piel",
      "Técnica de micropunteo y profundidad adecuada",
      "Número de sesiones y tiempos entre ellas",
      "Cuidados posteriores y seguimiento",
    ],
    incluye: [
      "Manual digital",
      "Kit para 20 tratamientos con pigmentos de tonos piel",
      "3 prácticas supervisadas con modelo real",
      "Seguimiento de tus primeros casos",
    ],
    perfil: "Para profesionales de la estética que buscan un servicio corporal de alta demanda.",
  },
  "maquillaje-presencial": {
    id: "maquillaje-presencial",
    titulo: "Curso presencial de Maquillaje Profesional",
    lema: "De social a novia: maquillaje que luce en persona y en fotografía",
    intro:
      "Un curso práctico para dominar la preparación de la piel, el contorno, los ojos y los labios en distintos estilos, con productos profesionales y técnicas que duran toda la noche.",
    duracion: "4 sesiones (20 horas)",
    asesoria: "6 meses de asesoría personalizada",
    kit: "Kit de productos para 20 maquillajes",
    practicas: "3 prácticas con modelo real",
    certificado: CERTIFICADO,
    temario: [
      "Preparación y tipos de piel",
      "Corrección de color, base y sellado",
      "Contorno, iluminación y rubor",
      "Ojos: ahumado, delineado y pestañas",
      "Maquillaje social, de noche y de novia",
      "Maquillaje para fotografía y video",
    ],
    incluye: [
      "Manual digital",
      "Kit de productos para 20 maquillajes y set de brochas",
      "3 prácticas supervisadas con modelo real",
      "Sesión de fotos de tu trabajo final",
    ],
    perfil: "Para quien quiere maquillarse mejor o empezar a trabajar como maquillista.",
  },
};

export function inPersonCourse(id: string): InPersonCourseContent | null {
  return (IN_PERSON_COURSE_IDS as readonly string[]).includes(id) ? IN_PERSON_COURSES[id as InPersonCourseId] : null;
}

/** The page of an in-person course, or null for one without a page. */
export function inPersonCourseHref(id: string): string | null {
  return inPersonCourse(id) ? `/cursos-presenciales/${id}` : null;
}
