/**
 * POST /auth/michel-alvarez/v2/firebase-upload, the spec's upload call, at the HTTP edge:
 * the admin guard first (401 without a session, 403 for a client), and only then, for an
 * admin, the body is read and stored by the upload module (upload.server.ts: receiveUpload),
 * its files written to a folder of their own under DATA_DIR/tmp, removed before the answer
 * is sent. Every answer is JSON.
 *
 * And the body limit of an admin's form with files (`adminUploadLimit`, asked by
 * http/body-limit.server.ts before a byte of the body is read).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { ADMIN_UPLOAD_BODY_LIMIT_BYTES } from "~/domain/limits";
import { adminCheck } from "../admin/guard.server";
import { isAdminUploadForm } from "../admin/uploads.server";
import { logError } from "../log.server";
import { UploadError, withSpoolDir } from "../multipart.server";
import { receiveUpload } from "../upload.server";
import { toFetchRequest } from "./request.server";

/** The Express handler (mounted in http/app.server.ts). */
export async function handleUpload(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Cache-Control", "no-store");
  try {
    const check = await adminCheck(toFetchRequest(req));
    if (!check.user) throw new UploadError(401, "Inicia sesión con la cuenta del estudio para subir archivos.");
    if (!check.admin) throw new UploadError(403, "Tu cuenta no tiene permiso para subir archivos.");
    const result = await withSpoolDir((spoolDir) => receiveUpload(req, req.headers, spoolDir));
    res.status(201).json(result);
  } catch (error) {
    if (error instanceof UploadError) {
      // Whatever the client still sends is not read: say so and close.
      if (!req.complete) res.setHeader("Connection", "close");
      res.status(error.status).json({ error: error.message });
      return;
    }
    logError("Error al subir un archivo", error);
    res.status(500).json({ error: "No se pudo guardar el archivo. Intenta de nuevo." });
  }
}

/**
 * The body limit of an admin's form with files: ADMIN_UPLOAD_BODY_LIMIT_BYTES for an admin
 * session posting multipart to an edit screen of a section with files (admin/uploads.server.ts
 * isAdminUploadForm); null (the default 1 MB) for anyone and anything else.
 */
export async function adminUploadLimit(req: ExpressRequest): Promise<number | null> {
  if (!isAdminUploadForm(req.path, req.headers["content-type"])) return null;
  return (await adminCheck(toFetchRequest(req))).admin ? ADMIN_UPLOAD_BODY_LIMIT_BYTES : null;
}
