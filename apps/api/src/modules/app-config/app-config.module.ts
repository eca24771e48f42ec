import { z } from 'zod';
import { optionalUrl } from '../../platform/config-fields.ts';
import { defineModule } from '../../platform/module.ts';
import { appConfigRoutes } from './app-config.routes.ts';
import { appConfigFrom } from './app-config.service.ts';

/** GET /api/v1/app-config: what the web app needs before anyone signs in. */
export const appConfigModule = defineModule({
  name: 'app-config',
  /**
   * The external tools linked from the admin and carrier menus (they get the reference token); an unset
   * URL hides its link (no default that would lead to a 404).
   */
  config: () =>
    z.object({ ANALYTICS_DASHBOARD_URL: optionalUrl, FIREWALL_TOOL_URL: optionalUrl }).transform((env) => ({
      analyticsDashboard: env.ANALYTICS_DASHBOARD_URL ?? null,
      firewallTool: env.FIREWALL_TOOL_URL ?? null,
    })),
  create({ config, settings }) {
    return { publicRoutes: [appConfigRoutes(appConfigFrom(config, settings))] };
  },
});
