// Support for the security suite: raw HTTP against a listening server (app.inject normalises URLs,
// a real client does not), and the spellings of a path an attacker would try.
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with the path sent byte for byte as given (no normalising, no re-encoding). */
export function rawRequest(
  port: number,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
          ...request.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * The spellings of a path that a router, a proxy or a browser may treat as the same resource:
 * percent-encoded letters in each segment, double-encoded, an encoded slash, repeated slashes,
 * `.` and `..` segments, and another case. The path itself comes first.
 */
export function pathVariants(path: string): { label: string; path: string }[] {
  const segments = path.split('/').slice(1);
  const rebuilt = (index: number, segment: string) =>
    `/${segments.map((s, i) => (i === index ? segment : s)).join('/')}`;
  const variants = [{ label: 'as is', path }];
  segments.forEach((segment, index) => {
    if (!segment) return;
    const first = segment.charAt(0);
    variants.push({
      label: `encoded segment ${index + 1}`,
      path: rebuilt(index, `${hex(first)}${segment.slice(1)}`),
    });
  });
  const [head = '', ...rest] = segments;
  const tail = rest.join('/');
  variants.push(
    { label: 'double-encoded', path: `/${hex(head.charAt(0)).replace('%', '%25')}${head.slice(1)}/${tail}` },
    { label: 'encoded slash', path: `/${head}%2F${tail}` },
    { label: 'leading //', path: `//${head}/${tail}` },
    { label: 'inner //', path: `/${head}//${tail}` },
    { label: 'leading /./', path: `/./${head}/${tail}` },
    { label: 'inner /./', path: `/${head}/./${tail}` },
    { label: '/x/../', path: `/x/../${head}/${tail}` },
    { label: 'upper case', path: `/${head.toUpperCase()}/${tail}` },
  );
  return variants;
}
