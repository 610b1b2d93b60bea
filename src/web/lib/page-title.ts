// Browser tab titles: every route declares its page name in its `head` option, and the root renders
// TanStack Router's <HeadContent /> (routes/root.tsx), which keeps <title> in step with the deepest match.
export const APP_NAME = 'Linkdeck';

/** "Links · Linkdeck"; without a page name, just the app's name. */
export function pageTitle(page?: string): string {
  const name = page?.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** A route's `head` result naming its page, e.g. `head: () => titleHead('Links')`. */
export function titleHead(page?: string) {
  return { meta: [{ title: pageTitle(page) }] };
}

/** The page name of an editor: "Edit spring" once its record is loaded, else "Edit link". */
export function editTitle(noun: string, name: string | undefined): string {
  return name ? `Edit ${name}` : `Edit ${noun}`;
}
