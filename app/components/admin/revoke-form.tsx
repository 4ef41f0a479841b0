/**
 * "Revocar" with its reason (a course grant, a diploma): the reason is required and short, and
 * the post goes through the admin's confirmed submit (use-admin-feedback.ts).
 */
export function RevokeForm({
  fields,
  reasonName,
  submit,
}: {
  /** the hidden fields that say what is revoked */
  fields: Record<string, string | number>;
  /** the reason's field name (the action reads it) */
  reasonName: string;
  submit: (form: HTMLFormElement) => Promise<unknown> | unknown;
}) {
  return (
    <form
      method="post"
      className="flex w-full flex-wrap gap-2 sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="min-w-0 flex-1 sm:w-56">
        <span className="sr-only">Motivo para revocar</span>
        <input
          name={reasonName}
          required
          maxLength={300}
          placeholder="Motivo para revocar"
          className="field min-h-12"
        />
      </label>
      <button type="submit" className="btn-outline min-h-12">
        Revocar
      </button>
    </form>
  );
}
