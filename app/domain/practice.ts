/**
 * Practice work's limits (issue 31 item 2, ADR 045), shared by the server's checks
 * (app/server/school/practice.server.ts) and the forms that announce them.
 */

/** photos in one submission */
/**
 * The viewer's practice form posts to `?practica=1`: a multipart POST there is a practice upload
 * (its larger body limit is decided before a byte is read); the viewer's other forms are not.
 */
export const PRACTICE_PARAM = "practica";

export const PRACTICE_MAX_PHOTOS = 6;
/** a student's note with her submission */
export const PRACTICE_NOTE_MAX = 500;
/** the instructor's comment with her verdict */
export const PRACTICE_COMMENT_MAX = 1000;
