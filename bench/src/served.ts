/**
 * `npm run served -w @portico/bench` (after the web build): each route's JavaScript before it is interactive,
 * from the build alone (no server, no browser): gzip level 6 (the budget's first count) and what the
 * server sends, gzip and Brotli (issue 31 point 10). Prints a markdown table, largest first.
 */
import { benchRoutes, routeJsFromManifest } from './bundle.ts';
import { WEB_DIST } from './stack.ts';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const routes = benchRoutes(WEB_DIST).map((route) => ({ route, js: routeJsFromManifest(WEB_DIST, route) }));
routes.sort((a, b) => b.js.brotliBytes - a.js.brotliBytes);
const shell = routeJsFromManifest(WEB_DIST, { chain: [] });
const over = (pick: (js: (typeof routes)[number]['js']) => number) =>
  routes.filter(({ js }) => pick(js) > 250_000).length;
const lines = [
  '| route | files | gzip 6 KB | served gzip KB | served Brotli KB |',
  '|---|---:|---:|---:|---:|',
  `| (shell) | ${shell.files.length} | ${kb(shell.gzipBytes)} | ${kb(shell.servedGzipBytes)} | ${kb(shell.brotliBytes)} |`,
  ...routes.map(
    ({ route, js }) =>
      `| ${route.path} | ${js.files.length} | ${kb(js.gzipBytes)} | ${kb(js.servedGzipBytes)} | ${kb(js.brotliBytes)} |`,
  ),
  '',
  `${routes.length} routes; over 250 KB: ${over((js) => js.gzipBytes)} by gzip 6, ${over(
    (js) => js.servedGzipBytes,
  )} by served gzip, ${over((js) => js.brotliBytes)} by served Brotli.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
