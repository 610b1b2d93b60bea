// The small pages of the public side. Everything a link owner typed goes through esc().
import { esc, renderPage } from './layout';

export function notFoundPage(): string {
  return renderPage({
    title: 'Link not found',
    body: `<p class="code">404</p><h1>This link does not exist</h1>
<p class="muted">Check the address for typos, or ask whoever shared it for a new one.</p>`,
  });
}

export function expiredPage(): string {
  return renderPage({
    title: 'Link expired',
    body: `<p class="code">410</p><h1>This link has expired</h1>
<p class="muted">It is no longer active. Ask whoever shared it for a new one.</p>`,
  });
}

export interface FormPageOptions {
  /** Where the form posts (the same path, with the visitor's query string). */
  action: string;
  error?: string;
  title?: string | null;
}

export function passwordPage(o: FormPageOptions & { purpose: 'redirect' | 'stats' }): string {
  const what = o.purpose === 'stats' ? 'these statistics' : 'this link';
  return renderPage({
    title: 'Password required',
    body: `<h1>Password required</h1>
${o.title ? `<p class="break"><strong>${esc(o.title)}</strong></p>` : ''}
<p class="muted">Enter the password to open ${what}.</p>
${o.error ? `<p class="error" role="alert">${esc(o.error)}</p>` : ''}
<form method="post" action="${esc(o.action)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autofocus autocomplete="current-password" maxlength="128">
<div class="row"><button type="submit">Continue</button></div>
</form>`,
  });
}

export function sensitivePage(o: FormPageOptions & { back: string }): string {
  return renderPage({
    title: 'Sensitive content',
    body: `<h1>Sensitive content ahead</h1>
${o.title ? `<p class="break"><strong>${esc(o.title)}</strong></p>` : ''}
<p>The destination of this link may contain content that some people find offensive or disturbing.</p>
<form method="post" action="${esc(o.action)}">
<input type="hidden" name="consent" value="1">
<div class="row"><button type="submit">Continue</button><a class="btn secondary" href="${esc(o.back)}">Go back</a></div>
</form>`,
  });
}

export function tooManyAttemptsPage(seconds: number): string {
  return renderPage({
    title: 'Too many attempts',
    body: `<p class="code">429</p><h1>Too many attempts</h1>
<p class="muted">Wait ${Math.ceil(seconds / 60)} minute(s), then try again.</p>`,
  });
}

export function unavailablePage(): string {
  return renderPage({
    title: 'Temporarily unavailable',
    body: `<p class="code">503</p><h1>This link is temporarily unavailable</h1>
<p class="muted">The service is reconnecting to its database. Try again in a few seconds.</p>`,
  });
}
