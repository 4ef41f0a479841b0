/**
 * /mis-citas (logged in, issue 15): the client's appointments (those in her account; guest
 * bookings with her address only once it is verified, issue 25), next first, each linking
 * to its own page to reschedule or cancel.
 */
import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { MyConsents } from "~/components/booking/my-consents";
import { site } from "~/config/site";
import { CITA_ESTADO, CITA_ESTADO_LABEL, type CitaEstado, canChangeOnline } from "~/domain/agenda";
import { dayTitle } from "~/domain/studio-calendar";
import { STUDIO_TIME_ZONE } from "~/domain/dates";
import { zonedDate, zonedTime } from "~/domain/slots";
import { appointmentsOf } from "~/server/booking/booking.server";
import { consentDisplay, consentsForClient } from "~/server/booking/consent.server";
import { getDb } from "~/server/db/index.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mis-citas";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const rows = await appointmentsOf(getDb(), user);
  // her signed consents (issue 30): her account's, and her guest ones once her address is proved
  const consentimientos = await consentsForClient(getDb(), { userId: user.id, correo: user.emailVerified ? user.email : null });
  const citas = rows
    .filter(({ cita }) => !(cita.estado === CITA_ESTADO.apartada && cita.apartadaHasta && cita.apartadaHasta < now))
    .map(({ cita, tratamiento, servicio }) => ({
      token: cita.token,
      tratamiento,
      servicio,
      cuando: `${dayTitle(zonedDate(cita.inicio, STUDIO_TIME_ZONE))}, ${zonedTime(cita.inicio, STUDIO_TIME_ZONE)} h`,
      estado: CITA_ESTADO_LABEL[cita.estado as CitaEstado] ?? cita.estado,
      proxima: cita.inicio > now && cita.estado !== CITA_ESTADO.cancelada,
      cambiable: cita.estado === CITA_ESTADO.confirmada && canChangeOnline(cita.inicio, now),
    }));
  return {
    proximas: citas.filter((c) => c.proxima),
    pasadas: citas.filter((c) => !c.proxima).reverse(),
    correo: user.email,
    correoVerificado: user.emailVerified,
    consentimientos: consentimientos.map(consentDisplay),
  };
}

export function meta() {
  return [{ title: `Mis citas | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Row = Awaited<ReturnType<typeof loader>>["proximas"][number];

function List({ citas }: { citas: Row[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {citas.map((c) => (
        <li key={c.token}>
          <Link
            to={`/cita/${c.token}`}
            className="flex flex-col gap-1 rounded-2xl border border-sand bg-white p-5 transition hover:border-clay sm:flex-row sm:items-center sm:justify-between"
            data-testid="mi-cita"
          >
            <span>
              <span className="block font-serif text-2xl">{c.tratamiento}</span>
              <span className="text-ink/80">{c.cuando}</span>
            </span>
            <span className="text-sm text-muted">
              {c.estado}
              {c.cambiable && " · cambiar o cancelar"}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function MisCitas({ loaderData }: Route.ComponentProps) {
  const { proximas, pasadas, correo, correoVerificado, consentimientos } = loaderData;
  return (
    <section className="container-page max-w-3xl py-12 md:py-16">
      <p className="eyebrow">Mi perfil</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Mis citas</h1>
      {!correoVerificado && <VerifyEmailNotice email={correo} />}
      {proximas.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-sand bg-white px-6 py-12 text-center" data-testid="no-citas">
          <CalendarDays className="mx-auto size-8 text-clay" aria-hidden />
          <p className="mt-3 text-ink/80">No tienes citas próximas.</p>
          <Link to="/agendar" className="btn-primary mt-6">
            Agendar cita
          </Link>
        </div>
      ) : (
        <section aria-labelledby="proximas" className="mt-8">
          <h2 id="proximas" className="text-2xl">
            Próximas
          </h2>
          <List citas={proximas} />
        </section>
      )}
      {pasadas.length > 0 && (
        <section aria-labelledby="pasadas" className="mt-10">
          <h2 id="pasadas" className="text-2xl">
            Anteriores y canceladas
          </h2>
          <List citas={pasadas} />
        </section>
      )}
      <MyConsents records={consentimientos} />
    </section>
  );
}
