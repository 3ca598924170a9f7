/**
 * The HTTP client of the bench's load processes (toggle-load.ts, merchant-api-load.ts): JSON posts
 * over keep-alive sockets with node:http, answering the envelope's code. Lean on purpose: the load
 * runs on the same two cores as the server it measures (fetch cost 1.3 ms of CPU per call, this
 * about a third of that).
 */
import http from 'node:http';

export interface Poster {
  /** The envelope's code of the answer (-1: an answer that is not an envelope). */
  post(path: string, body: string): Promise<number>;
  close(): void;
}

export function jsonPoster(base: string, sockets: number, headers: Record<string, string> = {}): Poster {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const post = (path: string, body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => {
            text += d.toString();
          });
          res.on('end', () => {
            try {
              resolve((JSON.parse(text) as { code: number }).code);
            } catch {
              resolve(-1);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
}
