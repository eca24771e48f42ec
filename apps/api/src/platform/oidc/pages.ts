/**
 * Server-rendered pages of the identity provider. No inline script or style (CSP script-src 'self',
 * style-src 'self'): the look comes from /oidc/assets/signin.css, behaviour from /oidc/assets/*.js.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Layout {
  brandName: string;
  /** Where /oidc/assets is served, e.g. `/oidc/assets`. */
  assetsPath: string;
  title: string;
  body: string;
  scripts?: string[];
}

function layout({ brandName, assetsPath, title, body, scripts = [] }: Layout): string {
  const brand = escapeHtml(brandName);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · ${brand}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${escapeHtml(assetsPath)}/signin.css">
${scripts.map((src) => `<script src="${escapeHtml(`${assetsPath}/${src}`)}" defer></script>`).join('\n')}
</head>
<body>
<main class="page">
<div class="card">
<p class="brand"><span class="brand-mark" aria-hidden="true">${escapeHtml(brandName.charAt(0).toUpperCase())}</span><span class="brand-name">${brand}</span></p>
${body}
</div>
</main>
</body>
</html>`;
}

export interface SignInPageInput {
  brandName: string;
  assetsPath: string;
  /** The interaction URL the form posts to. */
  action: string;
  /** What the person typed, kept after a failed attempt. */
  email?: string;
  error?: string;
  signUpUrl: string;
}

export function renderSignInPage(input: SignInPageInput): string {
  const email = input.email ?? '';
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const alert = input.error
    ? `<div class="alert" id="form-error" role="alert">${escapeHtml(input.error)}</div>\n`
    : '';
  const body = `<h1>Sign in</h1>
<p class="lead">Welcome back. Sign in to your ${escapeHtml(input.brandName)} partner account.</p>
${alert}<form class="form" method="post" action="${escapeHtml(input.action)}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" maxlength="254" required${invalid} value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="1024" required${invalid}${email ? ' autofocus' : ''}>
</div>
<button class="button" type="submit">Sign in</button>
</form>
<p class="alt">New to ${escapeHtml(input.brandName)}? <a href="${escapeHtml(input.signUpUrl)}">Create an account</a></p>`;
  return layout({ brandName: input.brandName, assetsPath: input.assetsPath, title: 'Sign in', body });
}

export interface MessagePageInput {
  brandName: string;
  assetsPath: string;
  title: string;
  message: string;
  link?: { href: string; label: string };
}

/** A titled message with an optional way on: expired sign-in sessions, provider errors, signed out. */
export function renderMessagePage(input: MessagePageInput): string {
  const link = input.link
    ? `\n<a class="button" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a>`
    : '';
  const body = `<h1>${escapeHtml(input.title)}</h1>
<p class="lead">${escapeHtml(input.message)}</p>${link}`;
  return layout({ brandName: input.brandName, assetsPath: input.assetsPath, title: input.title, body });
}

export interface SignOutPageInput {
  brandName: string;
  assetsPath: string;
  /** The provider's confirmation form (id="op.logoutForm", with its xsrf field), trusted HTML. */
  formHtml: string;
}

/**
 * End-session confirmation. The form asks to end the whole provider session (logout=yes) and is
 * submitted by /oidc/assets/sign-out.js at once; the button is the fallback without JavaScript.
 */
export function renderSignOutPage(input: SignOutPageInput): string {
  const form = input.formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  const body = `<h1>Signing you out</h1>
<p class="lead">You are being signed out of ${escapeHtml(input.brandName)}.</p>
${form}
<button class="button" type="submit" form="op.logoutForm" id="sign-out">Sign out</button>`;
  return layout({
    brandName: input.brandName,
    assetsPath: input.assetsPath,
    title: 'Sign out',
    body,
    scripts: ['sign-out.js'],
  });
}
