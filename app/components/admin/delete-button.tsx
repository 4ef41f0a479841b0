/** 'Eliminar' for a whole item: asks the spec's confirmation, then posts intent=eliminar. */
import { Trash2 } from "lucide-react";
import { useConfirmedSubmit } from "./use-admin-feedback";

export function DeleteButton({ label }: { label: string }) {
  const submitForm = useConfirmedSubmit();
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void submitForm(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="eliminar" />
      <button type="submit" className="btn w-full border border-red-700 text-red-700 hover:bg-red-50 sm:w-auto">
        <Trash2 className="size-4" aria-hidden />
        {label}
      </button>
    </form>
  );
}
