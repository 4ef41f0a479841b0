import { useNavigation } from "react-router";

/** The loader the spec asks for while a page waits for its data: a thin bar on top. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Cargando"
      aria-hidden={!busy}
      data-testid="navigation-progress"
      className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity ${busy ? "opacity-100" : "opacity-0"}`}
    >
      {/* the animation lives in app.css: a <style> element is not allowed inside <body> */}
      <div className="h-full w-1/3 animate-progress bg-clay" />
    </div>
  );
}
