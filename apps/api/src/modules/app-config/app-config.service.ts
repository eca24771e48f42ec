import { OAUTH_SCOPE, type TAppConfig } from '@portico/domain';
import type { PlatformConfig } from '../../platform/config.ts';

/** What the web app needs before anyone signs in: brand, product code, identity provider, external links. */
export function appConfigFrom(config: PlatformConfig, links: TAppConfig['links']): TAppConfig {
  return {
    brandName: config.BRAND_NAME,
    productCode: config.PRODUCT_CODE,
    oidc: {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      scope: `openid ${OAUTH_SCOPE}`,
      resource: config.OIDC_AUDIENCE,
    },
    links,
  };
}
