/**
 * The body limit of a healing photo (http/body-limit.server.ts's `larger`): a POST to
 * /cuidados/{token} whose link verifies may carry AFTERCARE_PHOTO_BYTES (plus the form's
 * own bytes); anything else keeps the default 1 MB. No database: the token is signed.
 */
import { AFTERCARE_PHOTO_BYTES } from "~/domain/limits";
import { readPhotoToken } from "./aftercare.server";

export function aftercarePhotoLimit(path: string): number | null {
  const match = /^\/cuidados\/([^/]+)$/.exec(path);
  if (!match || !readPhotoToken(decodeURIComponent(match[1]))) return null;
  return AFTERCARE_PHOTO_BYTES + 64 * 1024;
}
