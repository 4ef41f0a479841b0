/** Size limits of the questions under a course unit (ADR 046): the forms' maxLength; the server checks again. */

/** Longest question a student may ask, in characters. */
export const QUESTION_MAX_LENGTH = 1000;
/** Longest answer of the studio, in characters. */
export const ANSWER_MAX_LENGTH = 4000;
