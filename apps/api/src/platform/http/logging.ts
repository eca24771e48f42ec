import { requestIdMixin } from './request-id.ts';

/** Query parameters whose values are secrets (links with tokens, OAuth codes, webhook checks, signatures). */
const SECRET_QUERY_NAME = /(token|secret|password|code|key|signature|sig|challenge)$/i;

/** A URL as it may be logged: every secret query value replaced, the rest kept for tracing. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as written.
      }
      return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, equals)}=[Redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/** Where log lines are written (one JSON line per call). */
export interface LogStream {
  write(line: string): void;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger: one line per event, each naming the request it was done for (HTTP handlers,
 * the jobs a request queued, the connector calls they make), and never a credential: the headers
 * that carry them are redacted, and secret query values are taken out of logged URLs.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    mixin: requestIdMixin,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
