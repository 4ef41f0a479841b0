/**
 * /admin/correos → "Mensajes de WhatsApp" (ADR 039): the latest client messages sent by
 * WhatsApp, with their template, the number (partly hidden), where they are (enviado,
 * entregado, leído, fallido → went by mail) and when.
 */
import { MessageCircle } from "lucide-react";
import { AdminPanel } from "~/components/admin/admin-page";

export type WhatsAppMessageRow = {
  id: number;
  telefono: string;
  plantilla: string;
  estado: string;
  estadoLabel: string;
  proveedor: string;
  creado: string;
  enviado: string | null;
  entregado: string | null;
  leido: string | null;
  fallido: string | null;
  error: string | null;
  correo: string | null;
};

export function WhatsAppMessagesPanel({ mensajes }: { mensajes: WhatsAppMessageRow[] }) {
  return (
    <AdminPanel title={`Mensajes de WhatsApp (${mensajes.length})`}>
      {mensajes.length === 0 ? (
        <p className="flex items-center gap-2 text-muted" data-testid="no-whatsapp-messages">
          <MessageCircle className="size-5 text-clay" aria-hidden />
          Aún no se ha enviado ningún mensaje por WhatsApp: las clientas que no lo aceptaron reciben correo.
        </p>
      ) : (
        <ul className="divide-y divide-sand" data-testid="whatsapp-messages">
          {mensajes.map((m) => (
            <li key={m.id} className="py-3" data-testid="whatsapp-message">
              <p className="font-medium text-cocoa">
                {m.plantilla} · <span data-estado={m.estado}>{m.estadoLabel}</span>
                {m.proveedor === "demo" && <span className="text-muted"> (demo: solo registrado)</span>}
              </p>
              <p className="text-sm text-cocoa">Para: {m.telefono}</p>
              <p className="text-xs text-muted">
                En cola: {m.creado}
                {m.enviado && <> · Enviado: {m.enviado}</>}
                {m.entregado && <> · Entregado: {m.entregado}</>}
                {m.leido && <> · Leído: {m.leido}</>}
                {m.fallido && <> · Falló: {m.fallido}</>}
                {m.error && (
                  <>
                    {" "}
                    · <span className="break-all font-mono">{m.error}</span>
                  </>
                )}
                {m.correo && <> · Correo: {m.correo}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
