import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { notFoundMeta } from "~/components/site/seo";

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return notFoundMeta();
}

export default function NotFound() {
  return <NotFoundPage />;
}
