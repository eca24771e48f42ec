import { createRequire } from 'node:module';
import path from 'node:path';
import { Eta } from 'eta';
import type { SandboxContext } from './context.ts';
import { isOnWhatsApp, isRcsCapable } from './options.ts';

/**
 * The handset page's template (src/templates/handset.eta), found through module resolution so it
 * loads whether the sandbox runs from its sources or bundled into the API. Every value is escaped.
 */
export const SANDBOX_TEMPLATES_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@portico/sandbox/package.json')),
  'src/templates',
);
const views = new Eta({ views: SANDBOX_TEMPLATES_DIR, cache: true, autoEscape: true });

/** The virtual handsets page: the number picker, recent handsets, and the chosen handset's frame. */
export function renderHandsetPage(input: {
  ctx: SandboxContext;
  msisdn: string;
  typed: string;
  error: string;
}): string {
  const { ctx, msisdn } = input;
  return views.render('./handset', {
    base: ctx.mountPath,
    msisdn,
    typed: input.typed,
    error: input.error,
    recent: ctx.store.handsetNumbers(),
    rcs: isRcsCapable(msisdn),
    whatsapp: isOnWhatsApp(msisdn),
  });
}
