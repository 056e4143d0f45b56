import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A day's bulletin as Mexico City prints it (entries closed by their expediente), written by a real PDF writer. */
export async function cdmxBulletinPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 1008]);
  lines.forEach((line, index) => page.drawText(line, { x: 36, y: 970 - index * 18, size: 9, font }));
  return Buffer.from(await pdf.save());
}

export interface Served {
  status: number;
  type?: string;
  body?: Buffer | string;
}

/**
 * The court sites, faked at the HTTP boundary the way their public pages
 * are laid out: a robots.txt, and whatever the test puts at a path (a PDF, a
 * page, a 404 for a holiday, a 503 for a site that is down). Every request
 * is recorded with its time and User-Agent.
 */
export async function startFakeCourtSites() {
  const routes = new Map<string, Served[]>();
  const requests: { path: string; at: number; userAgent: string }[] = [];
  let robots = 'User-agent: *\nDisallow: /privado/\n';
  const server = createServer((req: IncomingMessage, res) => {
    // The path with its query: an API answers each court's list at its own query ('?judged=M01&date=…').
    const address = new URL(req.url ?? '/', 'http://x');
    const path = decodeURI(address.pathname) + address.search;
    requests.push({ path, at: Date.now(), userAgent: String(req.headers['user-agent'] ?? '') });
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
      return;
    }
    const queue = routes.get(path);
    // Each answer is served once, the last one from then on (a 503, then the PDF).
    const served = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    if (!served) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>No encontrado</body></html>');
      return;
    }
    res.writeHead(served.status, { 'content-type': served.type ?? 'application/octet-stream' }).end(served.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    serve(path: string, ...answers: Served[]) {
      routes.set(path, answers);
    },
    setRobots(text: string) {
      robots = text;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Where each site keeps a day's bulletin (the adapters' addresses). */
export const cdmxPath = (day: string) => {
  const [year, month, date] = day.split('-');
  return `/wp-content/PHPs/boletin/boletin_repositorio/${date}${month}${year}1.pdf`;
};
export const bcFolder = (day: string) => `/boletinj/${day.slice(0, 4)}/my_html/`;
export const bcStamp = (day: string) => day.slice(2).replace(/-/g, '');
