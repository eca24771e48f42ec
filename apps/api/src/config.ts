import { API_MODULES } from './modules.ts';
import { type Config, loadPlatformConfig } from './platform/config.ts';

export { type Config, ConfigError } from './platform/config.ts';

/** Parses the environment: the platform's variables and every module's. Throws a ConfigError naming each bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return loadPlatformConfig(env, API_MODULES);
}
