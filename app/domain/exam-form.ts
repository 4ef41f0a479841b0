/** The exam form's field names, shared by the page and the server that grades it. */

/** The radio group holding the answer to a question. */
export const answerField = (preguntaId: string) => `respuesta-${preguntaId}`;
