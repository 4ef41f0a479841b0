/**
 * HTML the server rendered from our own Markdown files in content/ (app/server/content.server.ts
 * refuses raw HTML in them, so no script or style can come through). The one place that sets
 * HTML from a string.
 */
export function ContentHtml({
  html,
  as: Tag = "div",
  className,
}: {
  html: string;
  as?: "div" | "p" | "span";
  className?: string;
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered on the server with raw HTML refused
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
