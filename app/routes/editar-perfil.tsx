import { useEffect } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toast-provider";
import { site } from "~/config/site";
import { NOMBRE_MAX, validateProfileName } from "~/domain/profile";
import { updateProfileName } from "~/server/account/profile.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/editar-perfil";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { nombre: user.name, correo: user.email };
}

/** SPEC section 5: only the name can be edited, and it is required. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const result = validateProfileName(form.get("nombre"));
  if ("error" in result) return data({ ok: false as const, error: result.error }, { status: 400 });
  await updateProfileName(user.id, result.nombre);
  return { ok: true as const, nombre: result.nombre };
}

export default function EditarPerfil({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const toast = useToast();
  const saving = navigation.state === "submitting";
  const error = actionData && !actionData.ok ? actionData.error : null;

  useEffect(() => {
    if (actionData?.ok) toast.show("Tu nombre se guardó.");
  }, [actionData, toast]);

  return (
    <section className="container-page max-w-xl py-12 md:py-16">
      <title>{`Editar perfil | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <Link to="/mi-perfil" className="text-sm text-muted hover:text-clay">
        ← Mi perfil
      </Link>
      <h1 className="mt-4 text-4xl md:text-5xl">Editar perfil</h1>

      <Form method="post" noValidate className="mt-10 rounded-2xl border border-sand bg-white p-6 md:p-8">
        <label htmlFor="nombre" className="block text-sm font-medium text-cocoa">
          Nombre
        </label>
        <input
          id="nombre"
          name="nombre"
          type="text"
          autoComplete="name"
          maxLength={NOMBRE_MAX}
          defaultValue={loaderData.nombre}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "nombre-error" : undefined}
          className="field mt-2"
        />
        {error && (
          <p id="nombre-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <p className="mt-6 text-sm text-muted">
          Correo: <span className="text-ink">{loaderData.correo}</span>
        </p>
        <button type="submit" className="btn-primary mt-8 w-full sm:w-auto" disabled={saving}>
          {saving ? "Guardando…" : "Guardar"}
        </button>
      </Form>
    </section>
  );
}
