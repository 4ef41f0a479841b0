/** The account menu's open panel (account-menu.tsx), fetched on its first opening. */
import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { Link } from "react-router";
import type { HeaderUser } from "./account-menu";

export function AccountMenuPanel({
  user,
  firstName,
  leaving,
  logOut,
}: { user: HeaderUser; firstName: string; leaving: boolean; logOut: () => void }) {
  return (
    <div
      id="menu-cuenta"
      className="absolute right-0 top-full z-50 mt-2 w-56 overflow-hidden rounded-2xl border border-sand bg-cream py-2 shadow-xl"
    >
      <p className="truncate px-4 pb-2 pt-1 text-xs text-muted">{firstName ? `Hola, ${firstName}` : "Hola"}</p>
      <ul>
        <li>
          <Link to="/mi-perfil" className="flex items-center gap-3 px-4 py-3 text-sm text-ink hover:bg-white">
            <UserRound className="size-4 text-clay" aria-hidden />
            Mi perfil
          </Link>
        </li>
        {user.admin && (
          <li>
            <Link to="/admin" className="flex items-center gap-3 px-4 py-3 text-sm text-ink hover:bg-white">
              <LayoutDashboard className="size-4 text-clay" aria-hidden />
              Administración
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            onClick={logOut}
            disabled={leaving}
            className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm text-ink hover:bg-white disabled:opacity-60"
          >
            <LogOut className="size-4 text-clay" aria-hidden />
            Cerrar Sesión
          </button>
        </li>
      </ul>
    </div>
  );
}
