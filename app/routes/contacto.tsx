import { data, redirect } from "react-router";
import { ContactForm } from "~/components/contact/contact-form";
import { ContactBlock } from "~/components/site/contact-block";
import { MapBlock } from "~/components/site/map-block";
import { SectionHeading } from "~/components/site/section-heading";
import { pageMeta } from "~/components/site/seo";
import { parseContactForm } from "~/domain/contact";
import { tooManyAttempts } from "~/domain/limits";
import { pageSeo } from "~/server/site/catalog.server";
import { sendContactMessage } from "~/server/site/contact.server";
import { logError } from "~/server/log.server";
import { getDb } from "~/server/db/index.server";
import { throttle } from "~/server/rate-limit.server";
import type { Route } from "./+types/contacto";

export async function loader() {
  return { seo: await pageSeo() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Contacto",
    description:
      "Escríbenos o visítanos en Guadalajara: dirección, teléfono, WhatsApp y horario del estudio de micropigmentación Michel Alvarez.",
    path: "/Contacto",
    ...loaderData?.seo,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseContactForm(await request.formData());
  if (!parsed.ok) {
    return data({ errors: parsed.errors, values: parsed.values, formError: null }, { status: 400 });
  }
  // A bot that filled the hidden field gets the same answer as a person, and nothing is sent.
  if (parsed.isBot) return redirect("/gracias");
  // Each message lands in the studio's inbox: a few per visitor, then a wait.
  const limit = await throttle(getDb(), "contacto", { ip: context.clientIp });
  if (!limit.allowed) {
    return data(
      { errors: {}, values: parsed.message, formError: tooManyAttempts(limit.retryAfterSeconds).text },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    await sendContactMessage(parsed.message);
  } catch (error) {
    logError("No se pudo enviar el mensaje de contacto", error);
    return data(
      {
        errors: {},
        values: parsed.message,
        formError: `No pudimos enviar tu mensaje. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.`,
      },
      { status: 502 },
    );
  }
  return redirect("/gracias");
}

export default function Contacto({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-16 md:py-24">
      <SectionHeading
        as="h1"
        eyebrow="Estamos para ti"
        title="Contacto"
        intro="¿Tienes dudas sobre un servicio, un curso o un producto? Escríbenos y te respondemos a la brevedad."
      />
      <div className="mt-14 grid gap-14 md:grid-cols-5 md:gap-16">
        <section aria-labelledby="formulario-titulo" className="md:col-span-3">
          <h2 id="formulario-titulo" className="text-3xl">
            Envíanos un mensaje
          </h2>
          <ContactForm
            errors={actionData?.errors ?? {}}
            values={actionData?.values}
            formError={actionData?.formError ?? null}
          />
        </section>
        <section aria-labelledby="datos-titulo" className="md:col-span-2">
          <h2 id="datos-titulo" className="text-3xl">
            Visítanos
          </h2>
          <div className="mt-8 [&_[data-testid=contact-block]]:grid-cols-1">
            <ContactBlock />
          </div>
        </section>
      </div>
      <section aria-label="Mapa" className="mt-16">
        <MapBlock wide />
      </section>
    </div>
  );
}
