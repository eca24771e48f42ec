// Submits the end-session confirmation at once; the page's "Sign out" button is the no-script fallback.
const form = document.getElementById('op.logoutForm');
if (form instanceof HTMLFormElement) form.submit();
