import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiOf } from './api-paths.ts';
import { acceptedEncoding, compress, type Encoding } from './compression.ts';
import { sendError } from './errors.ts';
import { requestLanguage } from './lang.ts';
import { readSessionToken } from './session.ts';

/** What `make` gives for `key`, made at its first request and kept; forgotten if it fails. */
function once<T>(kept: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = kept.get(key);
  if (!value) {
    value = make();
    value.catch(() => kept.delete(key));
    kept.set(key, value);
  }
  return value;
}

/**
 * Serves the built web app from `dist`; any other GET outside the API gets a page: a pre-rendered one
 * when the build made one for this visitor, else index.html, and the SPA routes it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { dist, demo, secureCookies }: { dist: string; demo: boolean; secureCookies: boolean },
): Promise<void> {
  const hasSpa = existsSync(join(dist, 'index.html'));
  // One wildcard route that looks the file up when asked, not a route per file found at start-up: the
  // web build holds a few hundred files, and registering each cost a third of the start-up. A file that
  // is not there falls through to the not-found handler below (index.html for a page).
  // The web build wrote a Brotli and a gzip copy beside each script, stylesheet and image: the one the
  // browser accepts is sent (the app's start chunk is about a quarter of its size so), never compressed here.
  // Every name under assets/ carries a hash of its content, so a browser keeps those for good.
  const hashed = join(dist, 'assets') + sep;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.startsWith(hashed)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // Pages the web build pre-rendered in both languages (scripts/prerender-landing.mjs): the landing for
  // `/`, the sign-in form for `/login` without a session cookie, the dashboard's shell for `/dashboard`
  // with one (the app renders over them once loaded).
  const prerenderedPage = (name: string) => {
    const files = { pt: `${name}.pt.html`, en: `${name}.en.html` };
    return hasSpa && existsSync(join(dist, files.pt)) && existsSync(join(dist, files.en)) ? files : null;
  };
  const prerendered: Record<string, { pt: string; en: string } | null> = {
    '/': prerenderedPage('landing'),
    '/login': prerenderedPage('login'),
    '/dashboard': prerenderedPage('dashboard'),
  };
  // The built pages do not change while the process runs: each file is read once, at its first request,
  // and each version of a page as sent (its file and its marks) compressed once per encoding.
  const texts = new Map<string, Promise<string>>();
  const compressed = new Map<string, Promise<Buffer>>();
  const read = (file: string) => once(texts, file, () => readFile(join(dist, file), 'utf8'));
  const compressedPage = (html: string, encoding: Encoding, key: string) =>
    once(compressed, key, () => compress(html, encoding, 'most'));
  // The offline demo's pages are marked `<html data-demo="true">`, so its banner is in the first paint
  // rather than pushing the page down once the store's answer arrives. A page for a browser without a
  // session cookie is marked `data-session="none"`: the app then knows nobody is signed in without asking
  // (no 401 in the console). Whether a cookie is there is all that is looked at: no database work.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const signedIn = Boolean(readSessionToken(request, secureCookies));
    const files = prerendered[path];
    // The landing is for everyone, the sign-in form for a visitor without a session cookie, the
    // dashboard's shell for one with it.
    const forVisitor = path === '/' || (path === '/login' ? !signedIn : signedIn);
    const file = files && forVisitor ? files[requestLanguage(request)] : 'index.html';
    const marks = `${demo ? ' data-demo="true"' : ''}${signedIn ? '' : ' data-session="none"'}`;
    const sent = await read(file);
    const html = marks ? sent.replace(/<html\b/i, `<html${marks}`) : sent;
    const encoding = acceptedEncoding(request);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding');
    if (!encoding) return reply.send(html);
    const body = await compressedPage(html, encoding, `${file}|${marks}|${encoding}`);
    return reply.header('content-encoding', encoding).send(body);
  };
  if (hasSpa) app.get('/', (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const api = apiOf(path);
    // A path of an API that no route serves gets that API's own "not found", never a page with 200:
    // a client would read the page as a result.
    if (api === 'fivesim') return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    if (api === 'handler') return reply.status(404).type('text/plain; charset=utf-8').send('BAD_ACTION');
    if (hasSpa && !api && request.method === 'GET') return sendPage(request, reply, path);
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
}
